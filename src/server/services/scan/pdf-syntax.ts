// A tokenizer of PDF object syntax (ISO 32000-1 §7.2–7.3), for the active-content check
// (pdf-active-content.ts) that reads a PDF's bytes before pdfjs does. It sees names the way
// a reader does — "/J#61vaScript" is the name JavaScript — and skips what is not syntax:
// comments, strings (a title saying "/JS" is text, not a key) and stream bodies, which come
// out as one token with their extent. Text is the file as latin1: one character per byte.

export type PdfToken =
  | { type: 'name'; value: string }
  | { type: 'number'; value: number }
  /** obj, endobj, R, null, true, false… (and any other run of regular characters). */
  | { type: 'keyword'; value: string }
  | { type: 'string' }
  | { type: 'array-start' | 'array-end' | 'dict-start' | 'dict-end' }
  /** The bytes between `stream` and `endstream`, end of line after `stream` excluded. */
  | { type: 'stream'; start: number; end: number };

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

const isRegular = (code: number) => !WHITESPACE.has(code) && !DELIMITERS.has(code);

/** "#xx" escapes decoded, as readers do ("/J#61vaScript" is /JavaScript). */
export function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}

/** Index after a literal string starting at `from` (its "("): nested parentheses, escapes. */
function endOfLiteralString(text: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) i++;
    else if (code === 0x28) depth++;
    else if (code === 0x29 && --depth === 0) return i + 1;
  }
  return to;
}

function endOfRegularRun(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && isRegular(text.charCodeAt(i))) i++;
  return i;
}

/** After `stream`: CRLF or LF by the standard; a lone CR is tolerated by readers too. */
function streamBodyStart(text: string, afterKeyword: number): number {
  if (text.startsWith('\r\n', afterKeyword)) return afterKeyword + 2;
  const code = text.charCodeAt(afterKeyword);
  return code === 0x0a || code === 0x0d ? afterKeyword + 1 : afterKeyword;
}

/** The tokens of text[from, to), in order. */
export function* pdfTokens(text: string, from = 0, to = text.length): Generator<PdfToken> {
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (WHITESPACE.has(code)) {
      i++;
    } else if (code === 0x25 /* % */) {
      while (i < to && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
    } else if (code === 0x28 /* ( */) {
      i = endOfLiteralString(text, i, to);
      yield { type: 'string' };
    } else if (code === 0x3c /* < */) {
      if (text.charCodeAt(i + 1) === 0x3c) {
        i += 2;
        yield { type: 'dict-start' };
      } else {
        const close = text.indexOf('>', i + 1);
        i = close === -1 || close >= to ? to : close + 1;
        yield { type: 'string' };
      }
    } else if (code === 0x3e /* > */) {
      const isDictEnd = text.charCodeAt(i + 1) === 0x3e;
      i += isDictEnd ? 2 : 1;
      if (isDictEnd) yield { type: 'dict-end' };
    } else if (code === 0x5b /* [ */ || code === 0x5d /* ] */) {
      i++;
      yield { type: code === 0x5b ? 'array-start' : 'array-end' };
    } else if (code === 0x2f /* / */) {
      const end = endOfRegularRun(text, i + 1, to);
      yield { type: 'name', value: decodeName(text.slice(i + 1, end)) };
      i = end;
    } else if (!isRegular(code)) {
      i++; // ")", "{", "}" outside a string: nothing a reader acts on
    } else {
      const end = endOfRegularRun(text, i, to);
      const word = text.slice(i, end);
      i = end;
      if (NUMBER.test(word)) {
        yield { type: 'number', value: Number(word) };
      } else if (word === 'stream') {
        const start = streamBodyStart(text, i);
        const endstream = text.indexOf('endstream', start);
        const end = endstream === -1 || endstream > to ? to : endstream;
        yield { type: 'stream', start, end };
        i = end === to ? to : end + 'endstream'.length;
      } else {
        yield { type: 'keyword', value: word };
      }
    }
  }
}
