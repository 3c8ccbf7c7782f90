// Active content in a PDF (issue 14.4), found in its bytes before pdfjs parses anything:
// JavaScript, automatic actions (/AA, an /OpenAction that does more than show a page),
// launched programs, attached files, rich media and XFA forms. A PDF carrying any of them
// is refused, never read. Names are read as a reader reads them (pdf-syntax.ts: "#xx"
// escapes decoded, strings and comments skipped), in the file's objects and inside its
// compressed object streams (/ObjStm), which are inflated here; stream bodies are searched
// for the longer names too, in case an object hides there for the cross-reference table to
// point at. An object stream that cannot be inflated (encrypted, corrupt) is left to the
// parsed-document check in pdf.ts.
import { constants, inflateRawSync } from 'node:zlib';
import { pdfTokens, decodeName, type PdfToken } from './pdf-syntax.ts';

export type PdfActiveContentKind =
  | 'javascript'
  | 'launch'
  | 'additional-actions'
  | 'open-action'
  | 'embedded-file'
  | 'rich-media'
  | 'xfa'
  /** Objects packed so that they cannot be inspected: an unknown filter, an inflate bomb. */
  | 'hidden-objects';

/** What was found, for the log: the kind and the name or place that gave it away. */
export type PdfActiveContent = { kind: PdfActiveContentKind; detail: string };

const ACTIVE_NAMES: ReadonlyMap<string, PdfActiveContentKind> = new Map([
  ['JavaScript', 'javascript'],
  ['JS', 'javascript'],
  ['Launch', 'launch'],
  ['AA', 'additional-actions'],
  ['EmbeddedFile', 'embedded-file'],
  ['EmbeddedFiles', 'embedded-file'],
  ['GoToE', 'embedded-file'],
  ['RichMedia', 'rich-media'],
  ['XFA', 'xfa'],
]);

/**
 * Names in stream bodies: five letters or more, which compressed bytes do not spell by chance
 * (a 3-letter /JS would turn up about once in 200 MB of random bytes).
 */
const BODY_NAME = /\/((?:[A-Za-z]|#[0-9A-Fa-f]{2}){5,})/g;
const BODY_NAMES: ReadonlyMap<string, PdfActiveContentKind> = new Map([
  ...[...ACTIVE_NAMES].filter(([name]) => name.length >= 5),
  ['OpenAction', 'open-action'],
]);

/** Everything inflated from object streams, together: they hold objects, never pages. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** An /OpenAction pointing through more references than this is not a plain destination. */
const MAX_REFERENCE_DEPTH = 4;
/** Tokens kept of the object being read, for a stream's dictionary. */
const MAX_RECENT_TOKENS = 512;

type Ref = { num: number; gen: number };
type ObjectStream = { text: string; offsets: ReadonlyMap<number, { from: number; to: number }> };
type Context = {
  text: string;
  objectStreams: ObjectStream[];
  openActionRefs: Array<Ref & { depth: number }>;
  inflatedBytes: number;
};
type Verdict = 'harmless' | 'active' | 'more' | Ref;

const openAction: PdfActiveContent = { kind: 'open-action', detail: '/OpenAction' };
const isName = (token: PdfToken | undefined, value?: string) =>
  token?.type === 'name' && (value === undefined || token.value === value);

/** The first active content in the PDF, or null. `bytes` is the whole file. */
export function findPdfActiveContent(bytes: Uint8Array): PdfActiveContent | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const context: Context = { text, objectStreams: [], openActionRefs: [], inflatedBytes: 0 };
  return scanSyntax(context, text) ?? resolveOpenActions(context);
}

function scanSyntax(context: Context, text: string): PdfActiveContent | null {
  let recent: PdfToken[] = [];
  let judge: ((token: PdfToken) => Verdict) | null = null;
  for (const token of pdfTokens(text)) {
    if (judge) {
      const verdict = judge(token);
      if (verdict === 'active') return openAction;
      if (verdict !== 'more') {
        judge = null;
        if (verdict !== 'harmless') context.openActionRefs.push({ ...verdict, depth: 0 });
      }
    }
    if (token.type === 'name') {
      const kind = ACTIVE_NAMES.get(token.value);
      if (kind) return { kind, detail: `/${token.value}` };
      if (token.value === 'OpenAction') judge = openActionJudge();
    } else if (token.type === 'stream') {
      const found = scanStream(context, text, token, recent);
      if (found) return found;
    }
    if (token.type === 'keyword' && (token.value === 'obj' || token.value === 'endobj')) {
      recent = [];
    } else {
      recent.push(token);
      if (recent.length > MAX_RECENT_TOKENS) recent = recent.slice(-MAX_RECENT_TOKENS / 2);
    }
  }
  // An /OpenAction whose value never came is not a destination either.
  return judge ? openAction : null;
}

/**
 * Judges an /OpenAction's value token by token: a destination (an array, a named
 * destination, null) or a GoTo action only shows a page; any other action runs something.
 */
function openActionJudge(): (token: PdfToken) => Verdict {
  const seen: PdfToken[] = [];
  let depth = 0;
  return (token) => {
    seen.push(token);
    const first = seen[0];
    if (!first) return 'more';
    if (first.type === 'array-start' || first.type === 'string' || first.type === 'name') {
      return 'harmless';
    }
    if (first.type === 'keyword') return first.value === 'null' ? 'harmless' : 'active';
    if (first.type === 'number') {
      if (seen.length < 3) return 'more';
      const [, gen, r] = seen;
      const isRef = gen?.type === 'number' && r?.type === 'keyword' && r.value === 'R';
      return isRef ? { num: first.value, gen: gen.value } : 'active';
    }
    if (first.type !== 'dict-start') return 'active';
    if (token.type === 'dict-start') depth++;
    if (token.type === 'dict-end') depth--;
    return depth > 0 ? 'more' : judgeActionDictionary(seen);
  };
}

function judgeActionDictionary(tokens: readonly PdfToken[]): Verdict {
  if (tokens.some((token) => isName(token, 'Next'))) return 'active';
  const at = tokens.findIndex((token) => isName(token, 'S'));
  return isName(tokens[at + 1], 'GoTo') ? 'harmless' : 'active';
}

function scanStream(
  context: Context,
  text: string,
  body: { start: number; end: number },
  dictionary: readonly PdfToken[],
): PdfActiveContent | null {
  const names = new Set(dictionary.flatMap((t) => (t.type === 'name' ? [t.value] : [])));
  const isObjectStream = names.has('ObjStm') || (names.has('N') && names.has('First'));
  if (!isObjectStream) return scanBody(text, body.start, body.end);
  const decoded = decodeObjectStream(context, text.slice(body.start, body.end), dictionary);
  if (decoded === 'hidden') return { kind: 'hidden-objects', detail: 'object stream' };
  if (decoded === null) return null;
  context.objectStreams.push({ text: decoded, offsets: objectOffsets(decoded, dictionary) });
  return scanSyntax(context, decoded);
}

/** The longer active names anywhere in a stream body: an object hidden inside one. */
function scanBody(text: string, from: number, to: number): PdfActiveContent | null {
  BODY_NAME.lastIndex = from;
  for (let match = BODY_NAME.exec(text); match && match.index < to; match = BODY_NAME.exec(text)) {
    const name = decodeName(match[1] ?? '');
    const kind = BODY_NAMES.get(name);
    if (kind) return { kind, detail: `/${name} in a stream` };
  }
  return null;
}

/** The value after `key` in a dictionary's tokens: a name, or the names of an array. */
function namesAfter(tokens: readonly PdfToken[], key: string): string[] | 'other' {
  const at = tokens.findIndex((token) => isName(token, key));
  if (at === -1) return [];
  const next = tokens[at + 1];
  if (next?.type === 'name') return [next.value];
  if (next?.type !== 'array-start') return 'other';
  const names: string[] = [];
  for (const token of tokens.slice(at + 2)) {
    if (token.type === 'array-end') return names;
    if (token.type !== 'name') return 'other';
    names.push(token.value);
  }
  return 'other';
}

function numberAfter(tokens: readonly PdfToken[], key: string): number | null {
  const at = tokens.findIndex((token) => isName(token, key));
  const next = at === -1 ? undefined : tokens[at + 1];
  return next?.type === 'number' ? next.value : null;
}

/**
 * The object stream's text, null when it does not inflate (encrypted or corrupt: pdfjs cannot
 * read it either without the key), 'hidden' when it is packed in a way we do not inspect.
 */
function decodeObjectStream(
  context: Context,
  raw: string,
  dictionary: readonly PdfToken[],
): string | null | 'hidden' {
  const filters = namesAfter(dictionary, 'Filter');
  if (filters === 'other' || filters.some((f) => f !== 'FlateDecode' && f !== 'Fl')) {
    return 'hidden';
  }
  if ((numberAfter(dictionary, 'Predictor') ?? 1) > 1) return 'hidden';
  let data: Buffer | null = Buffer.from(raw, 'latin1');
  // Every filter is FlateDecode here: inflate once per filter of the chain.
  for (let pass = 0; pass < filters.length && data; pass++) {
    try {
      data = inflateAsPdfjs(data, Math.max(1, MAX_INFLATED_BYTES - context.inflatedBytes));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return code === 'ERR_BUFFER_TOO_LARGE' ? 'hidden' : null;
    }
  }
  if (!data) return null;
  context.inflatedBytes += data.length;
  return data.toString('latin1');
}

/**
 * FlateDecode as pdfjs does it: the two zlib header bytes are checked, the Adler-32 checksum
 * at the end is not (zlib's own inflate would refuse a stream whose checksum was spoilt on
 * purpose, and we would not see what pdfjs reads), and a stream cut short gives what it has.
 */
function inflateAsPdfjs(data: Buffer, maxOutputLength: number): Buffer | null {
  const [method = 0, flags = 0] = data;
  const isZlib = (method & 0x0f) === 8 && ((method << 8) + flags) % 31 === 0 && !(flags & 0x20);
  if (!isZlib) return null;
  return inflateRawSync(data.subarray(2), {
    finishFlush: constants.Z_SYNC_FLUSH,
    maxOutputLength,
  });
}

/** Where each object of an object stream starts and ends (its header: number, offset pairs). */
function objectOffsets(text: string, dictionary: readonly PdfToken[]) {
  const offsets = new Map<number, { from: number; to: number }>();
  const first = numberAfter(dictionary, 'First');
  if (first === null) return offsets;
  const header: number[] = [];
  for (const token of pdfTokens(text, 0, Math.min(first, text.length))) {
    if (token.type === 'number') header.push(token.value);
  }
  for (let i = 0; i + 1 < header.length; i += 2) {
    const from = first + (header[i + 1] ?? 0);
    const next = header[i + 3];
    offsets.set(header[i] ?? -1, { from, to: next === undefined ? text.length : first + next });
  }
  return offsets;
}

/**
 * Follows each /OpenAction that points elsewhere ("5 0 R") to every definition of that
 * object — in the file and in its object streams, all of them, since an update may redefine
 * it — and judges each. One that cannot be found is not known to be harmless.
 */
function resolveOpenActions(context: Context): PdfActiveContent | null {
  for (let ref = context.openActionRefs.pop(); ref; ref = context.openActionRefs.pop()) {
    if (ref.depth >= MAX_REFERENCE_DEPTH) return openAction;
    const definitions = definitionsOf(context, ref);
    if (definitions.length === 0) return openAction;
    for (const { text, from, to } of definitions) {
      const verdict = judgeValue(text, from, to);
      if (verdict === 'active' || verdict === 'more') return openAction;
      if (verdict !== 'harmless') context.openActionRefs.push({ ...verdict, depth: ref.depth + 1 });
    }
  }
  return null;
}

function definitionsOf(context: Context, { num, gen }: Ref) {
  const definitions: Array<{ text: string; from: number; to: number }> = [];
  const header = new RegExp(`(?<![0-9])${num}\\s+${gen}\\s+obj\\b`, 'g');
  for (const match of context.text.matchAll(header)) {
    const from = match.index + match[0].length;
    definitions.push({ text: context.text, from, to: context.text.length });
  }
  if (gen === 0) {
    for (const stream of context.objectStreams) {
      const place = stream.offsets.get(num);
      if (place) definitions.push({ text: stream.text, ...place });
    }
  }
  return definitions;
}

function judgeValue(text: string, from: number, to: number): Verdict {
  const judge = openActionJudge();
  for (const token of pdfTokens(text, from, to)) {
    if (token.type === 'keyword' && token.value === 'endobj') return 'active';
    const verdict = judge(token);
    if (verdict !== 'more') return verdict;
  }
  return 'active';
}
