// The supplier's name: the first line(s) of the seller block. A line ending in a company
// form (Lda., S.A., Unipessoal, SGPS, CRL…) near the top and outside the buyer's block is
// taken as printed; a form on its own line ('Unipessoal, Lda.') is joined to the name
// above it. Without one, the first line that reads like a name (not a title, address,
// contact, number or date) is a weaker guess.
import { clampConfidence, type Found } from './found.ts';
import { COMPANY_FORM, foldText, type TextLine } from './text-lines.ts';

/** How far down the seller block can start. */
const HEAD_LINES = 15;
const FORM_ONLY =
  /^[\s,&-]*(?:(?:sociedade\s+)?unipessoal|lda|ld\.?a|limitada|s\.\s?a|sa|sgps|crl)\b[\s.,a-z&]*$/u;
const NOT_A_NAME =
  /^(?:fac?tura|nota de|recibo|original|duplicado|triplicado|copia|2\.?a via|pagina|pag\.|documento|data|n\.?o\b|nif|nipc|contribuinte|cliente|exm|consumidor|total|iva|tel|telef|fax|e-?mail|www|http|rua|r\.|av\.|avenida|travessa|largo|praca|estrada|alameda|zona industrial|lote|apartado|edificio|capital social|morada|processado|atcud)/u;
const HAS_DIGITS_ONLY_WORDS = /^[\d\s.,/:€%-]+$/u;
const POSTAL_CODE = /\b\d{4}-\d{3}\b/u;

const clean = (text: string) => text.replace(/\s+/gu, ' ').trim();

function looksLikeName(segment: string): boolean {
  const folded = foldText(segment).trim();
  if (folded.length < 3 || NOT_A_NAME.test(folded) || HAS_DIGITS_ONLY_WORDS.test(folded))
    return false;
  if (POSTAL_CODE.test(folded) || /@|\bwww\.|\.pt\b/u.test(folded)) return false;
  return (folded.match(/\p{L}/gu) ?? []).length >= 3;
}

export function findSupplierName(lines: readonly TextLine[]): Found<string> | undefined {
  const head = lines.slice(0, HEAD_LINES);
  for (const [position, line] of head.entries()) {
    for (const [segmentIndex, segment] of line.segments.entries()) {
      if (line.buyerSegments[segmentIndex]) continue;
      const folded = foldText(segment).trim();
      if (!COMPANY_FORM.test(folded) || NOT_A_NAME.test(folded)) continue;
      const above = head[position - 1];
      const aboveSegment = above?.segments[0];
      // 'Tasca do João' / 'Unipessoal, Lda.': the form alone continues the name above it.
      if (
        FORM_ONLY.test(folded) &&
        above &&
        aboveSegment &&
        !above.buyer &&
        looksLikeName(aboveSegment)
      ) {
        return {
          value: clean(`${aboveSegment} ${segment}`),
          raw: `${aboveSegment} ${segment}`,
          line: above.index,
          confidence: clampConfidence(position <= 5 ? 0.85 : 0.7),
        };
      }
      if (FORM_ONLY.test(folded)) continue;
      return {
        value: clean(segment),
        raw: segment,
        line: line.index,
        confidence: clampConfidence(position <= 5 ? 0.9 : 0.7),
      };
    }
  }
  for (const line of head) {
    const segment = line.segments.find((s, i) => !line.buyerSegments[i] && looksLikeName(s));
    if (segment) return { value: clean(segment), raw: segment, line: line.index, confidence: 0.45 };
  }
  return undefined;
}
