// The issuer's and the buyer's NIF in invoice text. Every nine-digit run with a valid
// check digit is a candidate ('PT 509 876 544', '509.876.544', OCR look-alikes repaired
// only when the repaired digits then pass the check); a label ('NIF', 'Contribuinte',
// 'NIPC', 'N.º Contrib.') or a 'PT' prefix makes it likely, a phone label rules it out,
// and the buyer's block ('Cliente', 'Adquirente', 'Exmo. Sr.', 'V/ Contribuinte') or
// 999999990 (consumidor final) makes it the buyer's. The issuer is the best of the rest,
// normally in the seller block at the top.
import { isValidNif } from '../nif.ts';
import { clampConfidence, tail, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

const CONSUMIDOR_FINAL_NIF = '999999990';
const CANDIDATE = /(?<![\dA-Za-z])(PT ?)?(\d{3}[ .-]?\d{3}[ .-]?\d{3})(?![\d]|[.,]\d)/gu;
const NIF_LABEL =
  /(?:\bn[.-]? ?[il1|][.-]? ?f\.?|\bn\.? ?i\.? ?p\.? ?c\.?|contribuinte|\bcontrib\b\.?|\bcontr\.|\bvat\b|\bfiscal|\bcif\b)[^a-z0-9]*(?:n\.?o\.?|nr\.?|numero)?[^a-z0-9]*$/u;
const PHONE_LABEL =
  /(?:\btel|\btelef|\btelefone|\btelemovel|\btlm|\btlf|\bfax|\bphone|\bmovel|\+351)[^a-z0-9]*(?:n\.?o\.?)?[^a-z0-9]*$/u;
// 'V/ Contribuinte', 'Vosso NIF', 'Seu NIF': the customer's number on a shop's receipt.
const BUYER_WORDS =
  /\b(?:cliente|adquirente|comprador|destinatario|consumidor)\b|(?:^|[^a-z])(?:v\s?\/|v\.|vosso|seu)\s*(?:n\.?o\.?\s*(?:de\s+)?)?(?:nif|n\.i\.f|contrib)/u;
const ISSUER_WORDS =
  /\b(emitente|fornecedor|vendedor|capital social|matricula|crc|conservatoria|sede)\b|\bnosso\s+(?:nif|contrib)/u;
/** First digit of a company's NIF (pessoa coletiva, public body, sole trader, irregular). */
const COMPANY_FIRST_DIGIT = /^[5689]/u;

type Candidate = {
  value: string;
  raw: string;
  line: number;
  labelled: boolean;
  /** Printed as a VAT number ('PT 509 876 544'): a tax number, but not said whose. */
  ptPrefix: boolean;
  buyer: boolean;
  issuerWords: boolean;
  /** Needed OCR repairs (O→0, l→1, S→5, B→8) before its check digit passed. */
  fixed: boolean;
};

function candidatesOf(lines: readonly TextLine[]): Candidate[] {
  const found: Candidate[] = [];
  lines.forEach((line, lineIndex) => {
    line.segments.forEach((segment, segmentIndex) => {
      const digits = fixDigits(segment);
      for (const match of digits.matchAll(CANDIDATE)) {
        const value = (match[2] ?? '').replace(/[ .-]/gu, '');
        if (!isValidNif(value)) continue;
        const at = match.index ?? 0;
        const prefix = tail(foldText(segment.slice(0, at)));
        const previous = lines[lineIndex - 1];
        const labelAbove =
          at === 0 &&
          segmentIndex === 0 &&
          previous !== undefined &&
          NIF_LABEL.test(previous.folded);
        if (PHONE_LABEL.test(prefix)) continue;
        const raw = segment.slice(at, at + match[0].length);
        found.push({
          value,
          raw,
          line: line.index,
          labelled: NIF_LABEL.test(prefix) || labelAbove,
          ptPrefix: match[1] !== undefined,
          buyer:
            value === CONSUMIDOR_FINAL_NIF ||
            (line.buyerSegments[segmentIndex] ?? false) ||
            BUYER_WORDS.test(prefix),
          issuerWords: ISSUER_WORDS.test(line.folded),
          fixed: raw !== digits.slice(at, at + match[0].length),
        });
      }
    });
  });
  return found;
}

export type NifFinding = { issuerNif?: Found<string>; buyerNif?: Found<string> };

export function findNifs(lines: readonly TextLine[]): NifFinding {
  const candidates = candidatesOf(lines);
  const result: NifFinding = {};
  const topLimit = Math.max(8, Math.ceil(lines.length * 0.4));
  const issuers = candidates.filter((c) => !c.buyer);
  // The seller's block comes before the buyer's, and most sellers are companies while most
  // buyers are people; each only breaks a tie, and the two together settle one: a person
  // issuing to a company, or two companies, stay ambiguous.
  const firstLabelled = issuers.find((c) => c.labelled || c.ptPrefix)?.value;
  const score = (c: Candidate) =>
    (c.labelled || c.ptPrefix ? 2 : 0) +
    (c.line < topLimit ? 1 : 0) +
    (c.issuerWords ? 1 : 0) +
    (c.value === firstLabelled ? 0.5 : 0) +
    (COMPANY_FIRST_DIGIT.test(c.value) ? 0.5 : 0);

  const best = issuers.reduce<Candidate | undefined>(
    (top, c) => (top === undefined || score(c) > score(top) ? c : top),
    undefined,
  );
  if (best) {
    const repeated = issuers.filter((c) => c.value === best.value).length > 1;
    const rival = issuers.some((c) => c.value !== best.value && score(c) >= score(best) - 0.5);
    // Labelled, near the top, alone: sure. The check digit already vouches for the digits,
    // so a repaired reading that passes it loses little.
    result.issuerNif = {
      value: best.value,
      raw: best.raw,
      line: best.line,
      confidence: clampConfidence(
        0.5 +
          (best.labelled ? 0.25 : best.ptPrefix ? 0.15 : 0) +
          (best.line < topLimit ? 0.1 : 0) +
          (best.issuerWords ? 0.05 : 0) +
          (repeated ? 0.05 : 0) -
          (rival ? 0.3 : 0) -
          (best.fixed ? 0.05 : 0),
      ),
    };
  }
  const buyer = candidates.find((c) => c.buyer && c.value !== result.issuerNif?.value);
  if (buyer) {
    result.buyerNif = {
      value: buyer.value,
      raw: buyer.raw,
      line: buyer.line,
      confidence: clampConfidence(
        (buyer.value === CONSUMIDOR_FINAL_NIF ? 0.95 : 0.85) - (buyer.fixed ? 0.1 : 0),
      ),
    };
  }
  return result;
}
