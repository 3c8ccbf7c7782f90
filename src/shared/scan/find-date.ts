// The issue date in invoice text. Invoices print several dates (due date, billing
// period, a referenced invoice's date, meter readings), so each one is judged by the
// label before it: 'Data de emissão' wins, a plain 'Data' is likely, 'Vencimento',
// 'Período', 'Referente … de' rule a date out.
import { parsePortugueseDate } from '../dates.ts';
import { clampConfidence, tail, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2}) ?([/.-]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?!\d)/gu;
const ISO_DATE = /(?<![\d/.-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/gu;
const WORD_DATE =
  /(?<!\d)(\d{1,2})\s*(?:de\s+)?([a-z]{3,9})\.?\s*(?:de\s+|[-/. ,]\s*)?(\d{4})(?!\d)/gu;

const EMISSION_LABEL =
  /(?:data\s+(?:de\s+|da\s+|do\s+)?(?:emissao|documento|fac?tura|doc\.?)|emitid[ao]\s+em|emissao|dt\.?\s*emissao)[^a-z0-9]*$/u;
const GENERIC_LABEL = /(?:\bdata\b|\bdt\.?)[^a-z0-9]*$/u;
const NOT_ISSUE =
  /(?:vencimento|venc\b|limite|pagamento|pagar ate|validade|valido ate|periodo|entrega|carga|descarga|inicio|\bfim\b|nascimento|leitura|consumo|referente|\bde\s*$|\ba\s*$|\bate\s*$)/u;

type DateCandidate = { value: string; raw: string; line: number; score: number };

function scoreLabel(prefix: string): number {
  if (EMISSION_LABEL.test(prefix)) return 5;
  if (NOT_ISSUE.test(prefix)) return -5;
  if (GENERIC_LABEL.test(prefix)) return 3;
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
    push(parsePortugueseDate(m[0]), m.index ?? 0, m[0].length);
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
        if (score >= 0 && /\bhora\b/u.test(line.folded)) score += 1;
        const raw = segment.slice(date.at, date.at + date.length);
        candidates.push({ value: date.value, raw, line: line.index, score });
      }
    });
  });
  const best = candidates.reduce<DateCandidate | undefined>(
    (top, c) => (top === undefined || c.score > top.score ? c : top),
    undefined,
  );
  if (!best || best.score < 0) return undefined;
  const rival = candidates.some((c) => c.value !== best.value && c.score >= best.score);
  const base = best.score >= 5 ? 0.95 : best.score >= 3 ? 0.85 : 0.55;
  const fixed = fixDigits(best.raw) !== best.raw;
  return {
    value: best.value,
    raw: best.raw,
    line: best.line,
    confidence: clampConfidence(base - (rival ? 0.25 : 0) - (fixed ? 0.1 : 0)),
  };
}
