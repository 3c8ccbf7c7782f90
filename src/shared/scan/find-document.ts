// Document type, number and ATCUD in invoice text. The number has the SAF-T shape
// '<code> <series>/<sequence>' ('FT 2026A/341', 'FS 437251001/115666', 'NC A/17'); the
// ATCUD is '<validation code>-<sequence>' with the same sequence, which settles which
// of several numbers (a referenced invoice, a purchase order) is the document's own.
import { clampConfidence, tail, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

// Most specific first, so 'Fatura-Recibo' is FR and not FT.
const DOCUMENT_TYPES: ReadonlyArray<{ code: string; pattern: RegExp }> = [
  { code: 'FR', pattern: /\bfac?tura[\s-]*recibo\b/u },
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
const NUMBER_LABEL =
  /(?:\bn\.?\s?o\.?|\bnumero|\bnum\.|\bdoc(?:umento)?\.?|\bfac?tura|recibo|simplificada|credito|debito)[^a-z0-9]*$/u;
const REFERENCE_LABEL =
  /\b(referente|relativ[ao]|retifica|anula|origem|requisicao|encomenda|guia|orcamento|contrato|ref\.?|v\/)\b[^\n]*$/u;
const NUMBER =
  /(?<![A-Za-z0-9])([A-Z]{2,4})[ .]?([A-Za-z0-9][A-Za-z0-9._-]{0,20})\s?\/\s?([0-9OoIl]{1,10})(?![\d/])/gu;
const ATCUD =
  /\ba\s?[t1i]\s?c\s?[uv]\s?[do0]\b\s*[:.]?\s*([A-Z0-9]{8,}\s?-\s?[0-9OoIl]+|0)(?![A-Za-z0-9])/giu;

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

type NumberCandidate = Found<string> & { code: string; sequence: string; score: number };

function numberCandidates(lines: readonly TextLine[]): NumberCandidate[] {
  const found: NumberCandidate[] = [];
  lines.forEach((line, lineIndex) => {
    for (const segment of line.segments) {
      // Matched on the printed text: a series is letters and digits, so only the sequence
      // after the slash (digits only) is repaired.
      for (const match of segment.matchAll(NUMBER)) {
        const [text, code = '', rawSeries = '', rawSequence = ''] = match;
        const sequence = fixDigits(rawSequence);
        if (!/^\d+$/u.test(sequence)) continue;
        const at = match.index ?? 0;
        // 'O' between digits in the series is a zero read as a letter ('2O26A' → '2026A').
        const series = rawSeries.replace(/(?<=\d)O(?=\d)/gu, '0');
        const prefix = tail(foldText(segment.slice(0, at)), 40);
        const labelAbove = at === 0 && NUMBER_LABEL.test(lines[lineIndex - 1]?.folded ?? '');
        let score = 0;
        if (NUMBER_LABEL.test(prefix) || labelAbove) score += 3;
        if (REFERENCE_LABEL.test(prefix)) score -= 5;
        if (KNOWN_CODES.has(code)) score += 2;
        found.push({
          value: `${code} ${series}/${sequence}`,
          raw: segment.slice(at, at + text.length),
          line: line.index,
          code,
          sequence,
          score,
          confidence: 0,
        });
      }
    }
  });
  return found;
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

const sequenceOf = (atcud: string) => atcud.split('-')[1]?.replace(/^0+(?=\d)/u, '');
const sameSequence = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.replace(/^0+(?=\d)/u, '') === b.replace(/^0+(?=\d)/u, '');

export type DocumentFinding = {
  documentType?: Found<string>;
  documentNumber?: Found<string>;
  atcud?: Found<string>;
};

export function findDocument(lines: readonly TextLine[]): DocumentFinding {
  const result: DocumentFinding = {};
  const atcud = findAtcudCandidates(lines)[0];
  const type = findDocumentType(lines);
  const numbers = numberCandidates(lines);
  for (const candidate of numbers) {
    if (type && candidate.code === type.value) candidate.score += 2;
    if (atcud && sameSequence(candidate.sequence, sequenceOf(atcud.value))) candidate.score += 4;
  }
  const best = numbers.reduce<NumberCandidate | undefined>(
    (top, c) => (top === undefined || c.score > top.score ? c : top),
    undefined,
  );
  if (best && best.score > 0) {
    const rivals = numbers.filter((c) => c.value !== best.value && c.score >= best.score - 1);
    const fixed = best.raw !== best.value;
    result.documentNumber = {
      value: best.value,
      raw: best.raw,
      line: best.line,
      confidence: clampConfidence(
        0.45 + Math.min(best.score, 9) * 0.06 - rivals.length * 0.15 - (fixed ? 0.05 : 0),
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
