// Document type, number and ATCUD in invoice text. The number has the SAF-T shape
// '<code> <series>/<sequence>' ('FT 2026A/341', 'FS 437251001/115666', 'NC A/17', printed
// 'FT.2021.123' by some tills), or on older receipts is a bare number after its label
// ('Fatura Simplificada n.º 123', 'Talão n.º 789', 'Nº Doc 345'), kept as printed. The
// ATCUD is '<validation code>-<sequence>' with the same sequence, which settles which of
// several numbers (a referenced invoice, a purchase order) is the document's own.
import { clampConfidence, tail, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

// Most specific first, so 'Fatura-Recibo' is FR and not FT.
const DOCUMENT_TYPES: ReadonlyArray<{ code: string; pattern: RegExp }> = [
  { code: 'FR', pattern: /\bfac?tura[\s/-]*recibo\b/u },
  { code: 'FS', pattern: /\bfac?tura[\s-]*simplificada\b/u },
  { code: 'NC', pattern: /\bnota\s+de\s+credito\b/u },
  { code: 'ND', pattern: /\bnota\s+de\s+debito\b/u },
  { code: 'PF', pattern: /\bfac?tura[\s-]*pro[\s-]*forma\b/u },
  { code: 'GR', pattern: /\bguia\s+de\s+remessa\b/u },
  { code: 'GT', pattern: /\bguia\s+de\s+transporte\b/u },
  { code: 'OR', pattern: /\borcamento\b/u },
  { code: 'VD', pattern: /\bvenda\s+a\s+dinheiro\b/u },
  { code: 'FT', pattern: /\bfac?tura\b/u },
  { code: 'RG', pattern: /\brecibo\b/u },
];
/** SAF-T codes a document number starts with (InvoiceNo and the usual in-house prefixes). */
const KNOWN_CODES = new Set([
  'FT',
  'FS',
  'FR',
  'NC',
  'ND',
  'VD',
  'TV',
  'TD',
  'GR',
  'GT',
  'PF',
  'OR',
  'RC',
  'RG',
  'FTR',
  'FAC',
  'FA',
  'FAT',
  'FCT',
  'NCR',
  'NDB',
]);
// A mention rather than the title: 'referente à fatura FT A/1204', 'aderir à fatura eletrónica'.
const MENTION_BEFORE =
  /\b(referente|relativ[ao]s?|retifica|anula|de|da|na|a|esta|desta|sua|com|por|ref\.?)\s*$/u;
// 'Fatura' may keep a misread word after it ('Fatura nmplificada FS 0052/118833').
const NUMBER_LABEL =
  /(?:\bn\.?\s?o\.?|\bnumero|\bnum\.|\bdoc(?:umento)?\.?|\bfac?tura(?:[\s-]+[a-z]+)?|recibo|simplificada|credito|debito|\btalao)[^a-z0-9]*$/u;
const REFERENCE_LABEL =
  /\b(referente|relativ[ao]|retifica|anula|origem|requisicao|encomenda|guia|orcamento|contrato|ref\.?|v\/)\b[^\n]*$/u;
const NUMBER =
  /(?<![A-Za-z0-9])([A-Z]{2,4})[ .]?([A-Za-z0-9][A-Za-z0-9._-]{0,20})\s?\/\s?([0-9OoIl]{1,10})(?![\d/])/gu;
// 'FT.2021.123': dots for the space and the slash, only after a code we know.
const DOTTED_NUMBER = new RegExp(
  `(?<![A-Za-z0-9.])(${[...KNOWN_CODES].join('|')})\\.([A-Za-z0-9]{1,12})\\.([0-9OoIl]{1,10})(?![A-Za-z0-9/]|[.,]\\d)`,
  'gu',
);
// A bare number after a document's own label (folded text, digits repaired).
const LABELLED_BARE_NUMBER =
  /(?:^|[^a-z])(?:(?:fac?tura(?:[\s-]*(?:simplificada|recibo))?|talao|recibo|venda\s+a\s+dinheiro|nota\s+de\s+(?:credito|debito)|doc(?:umento)?\.?)\s*(?:n\.?\s?o\.?|nr\.?|num\.?|numero)|n\.?\s?o\.?\s*(?:do\s+)?doc(?:umento)?\.?|doc(?:umento)?\.?\s*(?=:))\s*[:.]?\s*(\d[\d/-]{0,20}\d|\d)(?![\w/])/gu;
const DATE_LIKE = /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/u;
const ATCUD =
  /\ba\s?[t1i]\s?c\s?[uv]\s?[do0]\b\s*[:.]?\s*([A-Z0-9]{8,}\s?-\s?[0-9OoIl]+|0)(?![A-Za-z0-9])/giu;
// An ATCUD printed without its label: trusted only when its sequence is a number's.
const BARE_ATCUD = /(?<![A-Za-z0-9-])((?=[0-9]*[A-Z])[A-Z0-9]{8,})-(\d{1,10})(?![\w/-])/gu;

export function findDocumentType(lines: readonly TextLine[]): Found<string> | undefined {
  let mention: Found<string> | undefined;
  for (const line of lines) {
    for (const segment of line.segments) {
      const folded = foldText(segment);
      for (const { code, pattern } of DOCUMENT_TYPES) {
        const match = pattern.exec(folded);
        if (!match) continue;
        const before = folded.slice(0, match.index);
        const words = folded.split(/\s+/u).length;
        const title =
          !MENTION_BEFORE.test(before) &&
          (before.trim() === '' ||
            /^(original|duplicado|triplicado|copia|2\.?a via)\b/u.test(before) ||
            words <= 4);
        const raw = segment.slice(match.index, match.index + match[0].length);
        if (title) return { value: code, raw, line: line.index, confidence: 0.9 };
        mention ??= { value: code, raw, line: line.index, confidence: 0.4 };
        break;
      }
    }
  }
  return mention;
}

type NumberCandidate = Found<string> & {
  code: string;
  sequence: string;
  score: number;
  /** Needed OCR repairs (a letter read for a digit). */
  fixed: boolean;
};

// How much each sign says that a number is the document's own.
const SCORE = {
  knownCode: 3,
  label: 2,
  bareLabel: 2.5,
  titleAgrees: 2,
  atcudAgrees: 4,
  reference: -5,
} as const;

function numberCandidates(lines: readonly TextLine[]): NumberCandidate[] {
  const found: NumberCandidate[] = [];
  lines.forEach((line, lineIndex) => {
    for (const segment of line.segments) {
      // Matched on the printed text: a series is letters and digits, so only the sequence
      // after the slash (digits only) is repaired.
      const shaped = [...segment.matchAll(NUMBER), ...segment.matchAll(DOTTED_NUMBER)];
      for (const match of shaped) {
        const [text, code = '', rawSeries = '', rawSequence = ''] = match;
        const sequence = fixDigits(rawSequence);
        if (!/^\d+$/u.test(sequence)) continue;
        const at = match.index ?? 0;
        // 'O' between digits in the series is a zero read as a letter ('2O26A' → '2026A').
        const series = rawSeries.replace(/(?<=\d)O(?=\d)/gu, '0');
        const prefix = tail(foldText(segment.slice(0, at)), 40);
        const labelAbove = at === 0 && NUMBER_LABEL.test(lines[lineIndex - 1]?.folded ?? '');
        let score = 0;
        if (NUMBER_LABEL.test(prefix) || labelAbove) score += SCORE.label;
        if (REFERENCE_LABEL.test(prefix)) score += SCORE.reference;
        if (KNOWN_CODES.has(code)) score += SCORE.knownCode;
        found.push({
          value: `${code} ${series}/${sequence}`,
          raw: segment.slice(at, at + text.length),
          line: line.index,
          code,
          sequence,
          score,
          fixed: series !== rawSeries || sequence !== rawSequence,
          confidence: 0,
        });
      }
      const folded = fixDigits(foldText(segment));
      for (const match of folded.matchAll(LABELLED_BARE_NUMBER)) {
        const [text, number = ''] = match;
        if (DATE_LIKE.test(number)) continue;
        const at = (match.index ?? 0) + text.length - number.length;
        const prefix = tail(folded.slice(0, match.index ?? 0), 40);
        found.push({
          value: number,
          raw: segment.slice(at, at + number.length),
          line: line.index,
          code: '',
          sequence: number.split('/').at(-1) ?? number,
          score: SCORE.bareLabel + (REFERENCE_LABEL.test(prefix) ? SCORE.reference : 0),
          fixed: foldText(segment).slice(at, at + number.length) !== number,
          confidence: 0,
        });
      }
    }
  });
  // 'Fatura n.º 123' beside 'FS A/123' is the same number said twice: the label is the
  // SAF-T number's.
  const shaped = found.filter((c) => c.code !== '');
  const bare = found.filter((c) => c.code === '');
  for (const candidate of shaped) {
    if (bare.some((b) => sameSequence(b.value, candidate.sequence))) candidate.score += SCORE.label;
  }
  return [...shaped, ...bare.filter((b) => !shaped.some((c) => sameSequence(c.sequence, b.value)))];
}

function findAtcudCandidates(lines: readonly TextLine[]): Array<Found<string>> {
  const found: Array<Found<string>> = [];
  for (const line of lines) {
    for (const segment of line.segments) {
      for (const match of segment.matchAll(ATCUD)) {
        const [, body = ''] = match;
        const [code = '', sequence = ''] = body.split('-').map((part) => part.trim());
        const value = body === '0' ? '0' : `${code}-${fixDigits(sequence)}`;
        if (value !== '0' && !/^\d+$/u.test(fixDigits(sequence))) continue;
        found.push({ value, raw: match[0], line: line.index, confidence: 0.85 });
      }
    }
  }
  return found;
}

/** 'JFZ4PTHN-123' without its label, when a SAF-T number ends in the same sequence. */
function findBareAtcud(
  lines: readonly TextLine[],
  numbers: readonly NumberCandidate[],
): Found<string> | undefined {
  for (const line of lines) {
    for (const segment of line.segments) {
      for (const match of segment.matchAll(BARE_ATCUD)) {
        const [text, code = '', sequence = ''] = match;
        const agrees = numbers.some((n) => n.code !== '' && sameSequence(n.sequence, sequence));
        if (agrees)
          return { value: `${code}-${sequence}`, raw: text, line: line.index, confidence: 0.8 };
      }
    }
  }
  return undefined;
}

const sequenceOf = (atcud: string) => atcud.split('-')[1]?.replace(/^0+(?=\d)/u, '');
const sameSequence = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.replace(/^0+(?=\d)/u, '') === b.replace(/^0+(?=\d)/u, '');

/** A labelled two-letter code one letter away from the title's: 'ET' or 'FI' for 'FT'. */
function isMisreadCode(candidate: NumberCandidate, titleCode: string): boolean {
  const { code } = candidate;
  if (code.length !== 2 || KNOWN_CODES.has(code) || candidate.score < SCORE.label) return false;
  const differing = [...code].filter((letter, i) => letter !== titleCode[i]).length;
  return titleCode.length === 2 && differing === 1;
}

export type DocumentFinding = {
  documentType?: Found<string>;
  documentNumber?: Found<string>;
  atcud?: Found<string>;
};

export function findDocument(lines: readonly TextLine[]): DocumentFinding {
  const result: DocumentFinding = {};
  const numbers = numberCandidates(lines);
  const atcud = findAtcudCandidates(lines)[0] ?? findBareAtcud(lines, numbers);
  const type = findDocumentType(lines);
  for (const candidate of numbers) {
    if (type && isMisreadCode(candidate, type.value)) {
      // 'Factura n.º ET A/891': the title says which code the OCR misread.
      candidate.value = `${type.value}${candidate.value.slice(candidate.code.length)}`;
      candidate.code = type.value;
      candidate.score += SCORE.knownCode;
      candidate.fixed = true;
    }
    if (type && candidate.code === type.value) candidate.score += SCORE.titleAgrees;
    if (atcud && sameSequence(candidate.sequence, sequenceOf(atcud.value)))
      candidate.score += SCORE.atcudAgrees;
  }
  const best = numbers.reduce<NumberCandidate | undefined>(
    (top, c) => (top === undefined || c.score > top.score ? c : top),
    undefined,
  );
  if (best && best.score > 0) {
    const rivals = numbers.filter((c) => c.value !== best.value && c.score >= best.score - 1);
    // A known code alone is a fair guess; with its label or title it is sure enough not to
    // be pointed out; the ATCUD agreeing settles it.
    result.documentNumber = {
      value: best.value,
      raw: best.raw,
      line: best.line,
      confidence: clampConfidence(
        0.5 + Math.min(best.score, 8) * 0.06 - rivals.length * 0.15 - (best.fixed ? 0.05 : 0),
      ),
    };
  }
  if (atcud) {
    const agrees =
      atcud.value === '0' ||
      (result.documentNumber !== undefined &&
        sameSequence(result.documentNumber.value.split('/').at(-1), sequenceOf(atcud.value)));
    result.atcud = { ...atcud, confidence: agrees ? 0.95 : 0.75 };
  }
  if (type) {
    const code = result.documentNumber?.value.split(' ')[0];
    const confidence = code === type.value ? 0.95 : type.confidence;
    result.documentType = { ...type, confidence };
  } else if (
    best &&
    KNOWN_CODES.has(best.code) &&
    DOCUMENT_TYPES.some((t) => t.code === best.code)
  ) {
    // No title: the number's prefix says what the document is.
    result.documentType = { value: best.code, raw: best.raw, line: best.line, confidence: 0.6 };
  }
  return result;
}
