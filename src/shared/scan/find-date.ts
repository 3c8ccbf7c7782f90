// The issue date in invoice text: dd-mm-yyyy, dd/mm/yy, dd.mm.yyyy, yyyy-mm-dd,
// '4 de Setembro de 2021', '04 Set 2021'. Invoices print several dates (due date, billing
// period, a referenced invoice's date, meter readings, the print date), so each one is
// judged by the label before it: 'Data de emissão' wins, a plain 'Data' is likely, a date
// printed with its time is the receipt's own, 'Impresso em' is a last resort, and
// 'Vencimento', 'Período', 'Referente … de' rule a date out.
import { parsePortugueseDate } from '../dates.ts';
import { clampConfidence, tail, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2}) ?([/.-]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?!\d)/gu;
const ISO_DATE = /(?<![\d/.-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d/.-]?\d)/gu;
const WORD_DATE =
  /(?<!\d)(\d{1,2})\s*(?:de\s+|[-/.]\s*)?([a-z]{3,9})\.?\s*(?:de\s+|[-/. ,]\s*)?(\d{4})(?!\d)/gu;
/** A time right after the date ('12/03/2021 14:35', '04 Set 2021 - 14h35'). */
const TIME_AFTER = /^\s*(?:[-,|]\s*)?(?:as\s+)?(?:[01]?\d|2[0-3])\s?[:h]\s?[0-5]\d\b/u;

const EMISSION_LABEL =
  /(?:data\s+(?:de\s+|da\s+|do\s+)?(?:emissao|documento|fac?tura|doc\.?)|emitid[ao]\s+em|emissao|dt\.?\s*emissao)[^a-z0-9]*$/u;
const GENERIC_LABEL = /(?:\bdata\b(?:\s*(?:\/|e)\s*hora\b)?|\bdt\.?)[^a-z0-9]*$/u;
// When the page or the receipt copy was printed: the issue date only when nothing says so.
const PRINT_LABEL =
  /(?:impress[ao]\s+(?:em|a)|processado\s+(?:por\s+computador\s+)?em|data\s+(?:de\s+|da\s+)?impressao|impressao|reimpress[ao]|2\.?a\s+via\s+(?:em|de))[^a-z0-9]*$/u;
const NOT_ISSUE =
  /(?:vencimento|venc\b|limite|pagamento|pagar ate|validade|valido ate|periodo|entrega|carga|descarga|inicio|\bfim\b|nascimento|leitura|consumo|referente|\bde\s*$|\ba\s*$|\bate\s*$)/u;

type DateCandidate = { value: string; raw: string; line: number; score: number };

// Label scores; a date without a label scores 0 and one printed with its time BESIDE_TIME.
const EMISSION = 5;
const GENERIC = 3;
const BESIDE_TIME = 2;
const TIME_TIE_BREAK = 0.5;
const PRINTED = -1;
const NOT_AN_ISSUE_DATE = -5;

function scoreLabel(prefix: string): number {
  if (EMISSION_LABEL.test(prefix)) return EMISSION;
  if (PRINT_LABEL.test(prefix)) return PRINTED;
  if (NOT_ISSUE.test(prefix)) return NOT_AN_ISSUE_DATE;
  if (GENERIC_LABEL.test(prefix)) return GENERIC;
  return 0;
}

function datesIn(segment: string): Array<{ value: string; at: number; length: number }> {
  const found: Array<{ value: string; at: number; length: number }> = [];
  const digits = fixDigits(segment);
  const push = (value: string | null, at: number, length: number) => {
    if (value === null || value < '2000' || value > '2099-12-31') return;
    if (found.some((f) => at < f.at + f.length && f.at < at + length)) return;
    found.push({ value, at, length });
  };
  for (const m of digits.matchAll(ISO_DATE))
    push(parsePortugueseDate(`${m[1]}-${m[3]}-${m[4]}`), m.index ?? 0, m[0].length);
  for (const m of digits.matchAll(NUMERIC_DATE)) {
    push(parsePortugueseDate(`${m[1]}/${m[3]}/${m[4]}`), m.index ?? 0, m[0].length);
  }
  for (const m of foldText(digits).matchAll(WORD_DATE)) {
    push(parsePortugueseDate(`${m[1]} de ${m[2]} de ${m[3]}`), m.index ?? 0, m[0].length);
  }
  return found.sort((a, b) => a.at - b.at);
}

export function findIssueDate(lines: readonly TextLine[]): Found<string> | undefined {
  const candidates: DateCandidate[] = [];
  lines.forEach((line, lineIndex) => {
    line.segments.forEach((segment, segmentIndex) => {
      for (const date of datesIn(segment)) {
        const prefix = tail(foldText(segment.slice(0, date.at)), 40);
        let score = scoreLabel(prefix);
        // 'Data de emissão' on its own line, the date on the next one.
        if (score === 0 && date.at === 0 && segmentIndex === 0) {
          score = Math.max(0, scoreLabel(lines[lineIndex - 1]?.folded ?? ''));
        }
        const withTime = TIME_AFTER.test(foldText(segment.slice(date.at + date.length)));
        if (score === 0 && withTime) score = BESIDE_TIME;
        // The time breaks a tie between labels; it does not undo a rival.
        else if (score > 0 && (withTime || /\bhora\b/u.test(line.folded))) score += TIME_TIE_BREAK;
        const raw = segment.slice(date.at, date.at + date.length);
        candidates.push({ value: date.value, raw, line: line.index, score });
      }
    });
  });
  const best = candidates.reduce<DateCandidate | undefined>(
    (top, c) => (top === undefined || c.score > top.score ? c : top),
    undefined,
  );
  if (!best || best.score < PRINTED) return undefined;
  const rival = candidates.some(
    (c) => c.value !== best.value && c.score >= best.score - TIME_TIE_BREAK,
  );
  const alone = candidates.every((c) => c.value === best.value);
  // A date printed with its time, as a till prints it, is more likely the document's own
  // than another unlabelled one, and the only date on a page more than one among several;
  // without a label both stay guesses for the person to confirm.
  const base =
    best.score >= EMISSION
      ? 0.95
      : best.score >= GENERIC
        ? 0.85
        : best.score >= BESIDE_TIME
          ? 0.6
          : best.score >= 0
            ? 0.5
            : 0.4;
  const fixed = fixDigits(best.raw) !== best.raw;
  return {
    value: best.value,
    raw: best.raw,
    line: best.line,
    confidence: clampConfidence(
      base - (rival ? 0.25 : 0) + (alone && best.score >= 0 ? 0.05 : 0) - (fixed ? 0.1 : 0),
    ),
  };
}
