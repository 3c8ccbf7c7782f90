// Total and VAT in invoice text, in the forms Portuguese invoices print: '1.234,56 €',
// '1234,56', '47.83 EUR', with OCR look-alikes fixed ('S1,2O' → '51,20'). The total is the
// amount after the strongest total label ('Total a pagar', 'Total (EUR)', 'Total do
// documento'…, never 'Subtotal', 'Total IVA', 'Total ilíquido'); the VAT is a 'Total IVA'
// line or, failing that, the sum of the VAT summary rows (rate %, base, VAT that agree).
import { parseEuros } from '../money.ts';
import { clampConfidence, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

// Space is not a thousands separator here: in an item row '1 135,00' is a quantity and a price.
const AMOUNT =
  /(?<![\d.,])-?(?:\d{1,3}(?:[.\u00a0\u202f]\d{3})+|\d+)[.,]\d{2}(?![\d.,]*\d)(?:\s?(?:€|eur\b))?/giu;
const STRONG_TOTAL =
  /\b(?:total\s*(?:a\s+pagar|a\s+liquidar|do\s+documento|documento|da\s+fac?tura|fac?tura|geral|final|\(?eur\)?|€|c\/\s*iva|com\s+iva|iva\s+incluido)|valor\s+a\s+pagar|montante\s+a\s+pagar|importancia\s+a\s+pagar|a\s+pagar)\b/u;
const PLAIN_TOTAL = /\btotal\b/u;
const NOT_TOTAL =
  /\b(?:sub-?\s?total|total\s*(?:de\s+|do\s+)?(?:iva|imposto|impostos|s\/\s*iva|sem\s+iva|iliquido|liquido|base|incidencia|descontos?|mercadoria|artigos|itens|qtd|quantidade|kwh|linhas|retencao|pago|recebido)|iva\s+total|troco)\b/u;
// 'IVA Total ilíquido' is a table header running into a net-total label, not VAT.
const VAT_TOTAL =
  /\b(?:total\s*(?:de\s+|do\s+)?(?:iva|imposto|impostos)|iva\s+total(?!\s*(?:iliquido|liquido|s\/|sem|base|incidencia))|valor\s+(?:do\s+)?iva)\b/u;
const RATE = /(?<![\d,.])(\d{1,2})(?:[.,]0{1,2})?\s?%/gu;
const PT_RATES = new Set([4, 5, 6, 9, 12, 13, 16, 18, 22, 23]);

export type AmountToken = { cents: number; at: number; raw: string };

/** Every amount in a piece of text, in cents, with where it starts. */
export function amountsIn(text: string): AmountToken[] {
  const digits = fixDigits(text);
  const found: AmountToken[] = [];
  for (const match of digits.matchAll(AMOUNT)) {
    const number = match[0].replace(/\s?(?:€|eur)$/iu, '').replace(/[\u00a0\u202f]/gu, '.');
    const cents = parseEuros(number);
    if (cents !== null)
      found.push({
        cents,
        at: match.index ?? 0,
        raw: text.slice(match.index ?? 0, (match.index ?? 0) + match[0].length),
      });
  }
  return found;
}

type Labelled = { cents: number; raw: string; line: number; rank: number };

/** The first amount after a label: same segment, a later segment of the line, or the next line. */
function amountAfter(
  lines: readonly TextLine[],
  lineIndex: number,
  segmentIndex: number,
  labelEnd: number,
) {
  const line = lines[lineIndex];
  if (!line) return undefined;
  const segment = line.segments[segmentIndex] ?? '';
  const here = amountsIn(segment.slice(labelEnd))[0];
  if (here) return here;
  for (const later of line.segments.slice(segmentIndex + 1)) {
    const amount = amountsIn(later)[0];
    if (amount) return amount;
  }
  // A label alone at the end of its line, the amount below ('Total (EUR)' / '51,20 €').
  const next = lines[lineIndex + 1];
  if (
    next &&
    segmentIndex === line.segments.length - 1 &&
    /^[-\d]/u.test(fixDigits(next.segments[0] ?? ''))
  ) {
    return amountsIn(next.segments[0] ?? '')[0];
  }
  return undefined;
}

function labelledAmounts(
  lines: readonly TextLine[],
  label: (folded: string) => { rank: number; end: number } | null,
): Labelled[] {
  const found: Labelled[] = [];
  lines.forEach((line, lineIndex) => {
    line.segments.forEach((segment, segmentIndex) => {
      const hit = label(foldText(segment));
      if (!hit) return;
      const amount = amountAfter(lines, lineIndex, segmentIndex, hit.end);
      if (amount)
        found.push({
          cents: Math.abs(amount.cents),
          raw: amount.raw,
          line: line.index,
          rank: hit.rank,
        });
    });
  });
  return found;
}

function totalLabel(folded: string): { rank: number; end: number } | null {
  const strong = STRONG_TOTAL.exec(folded);
  if (strong && !NOT_TOTAL.test(folded.slice(strong.index, strong.index + strong[0].length + 12))) {
    return { rank: 2, end: strong.index + strong[0].length };
  }
  const plain = PLAIN_TOTAL.exec(folded);
  if (!plain) return null;
  const around = folded.slice(Math.max(0, plain.index - 4), plain.index + 24);
  if (NOT_TOTAL.test(around)) return null;
  return { rank: 1, end: plain.index + plain[0].length };
}

function vatLabel(folded: string): { rank: number; end: number } | null {
  const match = VAT_TOTAL.exec(folded);
  return match ? { rank: 1, end: match.index + match[0].length } : null;
}

/** VAT summary rows: a PT rate and two amounts where base × rate ≈ VAT. */
function vatRows(
  lines: readonly TextLine[],
): Array<{ vat: number; raw: string; line: number; key: string }> {
  const rows: Array<{ vat: number; raw: string; line: number; key: string }> = [];
  for (const line of lines) {
    for (const segment of line.segments.length > 1
      ? [...line.segments, line.text]
      : line.segments) {
      const rates = [...fixDigits(segment).matchAll(RATE)]
        .map((m) => Number(m[1]))
        .filter((r) => PT_RATES.has(r));
      const amounts = amountsIn(segment);
      const row = rates.flatMap((rate) =>
        amounts.flatMap((base) =>
          amounts
            .filter((vat) => vat !== base && vat.at > base.at)
            .filter(
              (vat) =>
                Math.abs((base.cents * rate) / 100 - vat.cents) <= Math.max(2, vat.cents * 0.01),
            )
            .map((vat) => ({ rate, base, vat })),
        ),
      )[0];
      if (row) {
        rows.push({
          vat: row.vat.cents,
          raw: row.vat.raw,
          line: line.index,
          key: `${row.rate}:${row.base.cents}:${row.vat.cents}`,
        });
        break;
      }
    }
  }
  // The same row printed twice (a summary on every page) counts once.
  return rows.filter((row, i) => rows.findIndex((other) => other.key === row.key) === i);
}

export type AmountFinding = { total?: Found<number>; vat?: Found<number> };

export function findAmounts(lines: readonly TextLine[]): AmountFinding {
  const result: AmountFinding = {};
  const totals = labelledAmounts(lines, totalLabel);
  const topRank = Math.max(0, ...totals.map((t) => t.rank));
  const ranked = totals.filter((t) => t.rank === topRank);
  // Among equally strong labels the largest amount is the document total.
  const total = ranked.reduce<Labelled | undefined>(
    (top, t) => (top === undefined || t.cents > top.cents ? t : top),
    undefined,
  );

  const rows = vatRows(lines);
  const rowSum = rows.reduce((sum, row) => sum + row.vat, 0);
  const vatLabels = labelledAmounts(lines, vatLabel);
  const explicitVat = vatLabels.find((v) => v.cents === rowSum) ?? vatLabels[0];
  if (explicitVat) {
    const agrees = rows.length > 0 && rowSum === explicitVat.cents;
    result.vat = {
      value: explicitVat.cents,
      raw: explicitVat.raw,
      line: explicitVat.line,
      confidence: agrees ? 0.95 : rows.length > 0 ? 0.65 : 0.8,
    };
  } else if (rows.length > 0) {
    const first = rows[0]!;
    result.vat = {
      value: rowSum,
      raw: rows.length === 1 ? first.raw : '',
      line: first.line,
      confidence: rows.length === 1 ? 0.8 : 0.75,
    };
  }

  if (total) {
    const disagreeing = ranked.some((t) => t.cents !== total.cents);
    let confidence = (total.rank === 2 ? 0.9 : 0.75) - (disagreeing ? 0.2 : 0);
    if (result.vat && result.vat.value > total.cents) confidence -= 0.3;
    result.total = {
      value: total.cents,
      raw: total.raw,
      line: total.line,
      confidence: clampConfidence(confidence),
    };
  } else {
    // No label: the largest amount written with a euro sign, if any.
    const euros = lines.flatMap((line) =>
      amountsIn(line.text)
        .filter((a) => /€|eur/iu.test(a.raw))
        .map((a) => ({ ...a, line: line.index })),
    );
    const largest = euros.reduce<(typeof euros)[number] | undefined>(
      (top, a) => (top === undefined || a.cents > top.cents ? a : top),
      undefined,
    );
    if (largest)
      result.total = {
        value: Math.abs(largest.cents),
        raw: largest.raw,
        line: largest.line,
        confidence: 0.35,
      };
  }
  if (result.vat) result.vat.confidence = clampConfidence(result.vat.confidence);
  return result;
}
