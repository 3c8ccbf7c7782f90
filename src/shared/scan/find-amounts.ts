// Total and VAT in invoice text, in the forms Portuguese invoices print: '1.234,56 €',
// '€ 1 234,56', '1,234.56', '47.83 EUR', with OCR look-alikes fixed ('S1,2O' → '51,20').
// The total is the amount after the strongest total label ('Total a pagar', 'Total (EUR)',
// 'Total do documento'…, never 'Subtotal', 'Total IVA', 'Total ilíquido', 'Total de
// itens'), the largest of equally strong ones; what the customer paid by card or handed
// over less the change ('Multibanco', 'Entregue' − 'Troco') backs it up, or stands in for
// it when no total label was read. The VAT is a 'Total IVA' line or, failing that, the sum
// of the VAT summary rows (rate %, base, VAT that agree).
import { parseEuros } from '../money.ts';
import { clampConfidence, type Found } from './found.ts';
import { fixDigits, foldText, type TextLine } from './text-lines.ts';

const EURO_AFTER = String.raw`(?![\d.,]*\d)(?:\s?(?:€|eur\b))?`;
// Space is not a thousands separator in running text: in an item row '1 135,00' is a
// quantity and a price. Right after a total label it is ('Total 1 234,56 €').
const AMOUNT = new RegExp(
  String.raw`(?<![\d.,])-?(?:\d{1,3}(?:[.\u00a0\u202f]\d{3})+|\d{1,3}(?:,\d{3})+(?=\.\d{2})|\d+)[.,]\d{2}` +
    EURO_AFTER,
  'giu',
);
const SPACED_AMOUNT = new RegExp(
  String.raw`(?<![\d.,])-?\d{1,3}(?: \d{3})+,\d{2}` + EURO_AFTER,
  'giu',
);
/** What may stand between a label and its amount for a space to group thousands. */
const LABEL_GAP = /^[\s:=().€-]*(?:eur\b)?[\s:=().€-]*$/iu;
const STRONG_TOTAL =
  /\b(?:total\s*(?:a\s+pagar|a\s+liquidar|do\s+documento|documento|da\s+fac?tura|fac?tura|geral|final|\(?eur\)?|€|c\/\s*iva|com\s+iva|iva\s+incluido)|valor\s+(?:total|a\s+pagar)|montante\s+a\s+pagar|importancia\s+a\s+pagar|a\s+pagar)\b/gu;
const PLAIN_TOTAL = /\btotal\b/gu;
const NOT_TOTAL =
  /\b(?:sub-?\s?total|total\s*(?:de\s+|do\s+)?(?:iva|imposto|impostos|s\/\s*iva|sem\s+iva|iliquido|liquido|base|incidencia|descontos?|mercadoria|artigos|itens|qtd|quantidade|unidades|kwh|linhas|retencao|pago|recebido|entregue|multibanco|mb|numerario|cartao|poupanca)|iva\s+total|troco)\b/u;
// 'IVA Total ilíquido' is a table header running into a net-total label, not VAT.
const VAT_TOTAL =
  /\b(?:total\s*(?:de\s+|do\s+)?(?:iva|imposto|impostos)|iva\s+total(?!\s*(?:iliquido|liquido|s\/|sem|base|incidencia))|valor\s+(?:do\s+)?iva)\b/u;
/** Paid by card: the amount charged is the total. */
const CARD_PAID =
  /^(?:pagamento\s*:?\s*)?(?:multibanco|mb|cartao(?:\s+de\s+(?:credito|debito))?|visa|mastercard|maestro|tpa|pago)\b/u;
/** Cash handed over, and the change given back: their difference is the total. */
const HANDED_OVER = /^(?:pagamento\s*:?\s*)?(?:entregue|recebido|numerario|dinheiro)\b/u;
const CHANGE = /^troco\b/u;
const RATE = /(?<![\d,.])(\d{1,2})(?:[.,]0{1,2})?\s?%/gu;
const PT_RATES = new Set([4, 5, 6, 9, 12, 13, 16, 18, 22, 23]);

export type AmountToken = { cents: number; at: number; raw: string };

function amountsMatching(text: string, pattern: RegExp): AmountToken[] {
  const digits = fixDigits(text);
  const found: AmountToken[] = [];
  for (const match of digits.matchAll(pattern)) {
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

/** Every amount in a piece of text, in cents, with where it starts. */
export function amountsIn(text: string): AmountToken[] {
  return amountsMatching(text, AMOUNT);
}

/** Amounts where a space may group thousands ('1 845,00'), for rows that check themselves. */
function amountsWithSpaces(text: string): AmountToken[] {
  const spaced = amountsMatching(text, SPACED_AMOUNT);
  const inside = (a: AmountToken) => spaced.some((s) => a.at >= s.at && a.at < s.at + s.raw.length);
  return [...spaced, ...amountsIn(text).filter((a) => !inside(a))].sort((a, b) => a.at - b.at);
}

/** The first amount in text that follows a label: there '1 234,56' is one amount. */
function firstAmountAfterLabel(text: string): AmountToken | undefined {
  const spaced = amountsMatching(text, SPACED_AMOUNT)[0];
  if (spaced && LABEL_GAP.test(text.slice(0, spaced.at))) return spaced;
  return amountsIn(text)[0];
}

type Labelled = { cents: number; raw: string; line: number; rank: number };
type LabelHit = { rank: number; start: number; end: number };

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
  const here = firstAmountAfterLabel(segment.slice(labelEnd));
  if (here) return here;
  for (const later of line.segments.slice(segmentIndex + 1)) {
    const amount = firstAmountAfterLabel(later);
    if (amount) return amount;
  }
  // A label alone at the end of its line, the amount below ('Total (EUR)' / '51,20 €').
  const next = lines[lineIndex + 1];
  if (
    next &&
    segmentIndex === line.segments.length - 1 &&
    /^[-\d€]/u.test(fixDigits(next.segments[0] ?? ''))
  ) {
    return firstAmountAfterLabel(next.segments[0] ?? '');
  }
  return undefined;
}

function labelledAmounts(
  lines: readonly TextLine[],
  labels: (folded: string) => LabelHit[],
): Labelled[] {
  const found: Labelled[] = [];
  lines.forEach((line, lineIndex) => {
    line.segments.forEach((segment, segmentIndex) => {
      // The first label on the segment with an amount after it: 'Total ilíquido 10,00
      // Total 12,30' is read at its second label.
      for (const hit of labels(foldText(segment))) {
        const amount = amountAfter(lines, lineIndex, segmentIndex, hit.end);
        if (!amount) continue;
        found.push({
          cents: Math.abs(amount.cents),
          raw: amount.raw,
          line: line.index,
          rank: hit.rank,
        });
        return;
      }
    });
  });
  return found;
}

// OCR reads the O of TOTAL as a zero, the L as a one or a bar.
const totalWord = (folded: string) => folded.replace(/\bt[o0]ta[l1i|]\b/gu, 'total');

/** Total labels on a segment, in order; a strong one ranks 2, a plain 'Total' 1. */
function totalLabels(folded: string): LabelHit[] {
  const text = totalWord(folded);
  const hits: LabelHit[] = [];
  for (const strong of text.matchAll(STRONG_TOTAL)) {
    const at = strong.index ?? 0;
    if (NOT_TOTAL.test(text.slice(at, at + strong[0].length + 12))) continue;
    hits.push({ rank: 2, start: at, end: at + strong[0].length });
  }
  for (const plain of text.matchAll(PLAIN_TOTAL)) {
    const at = plain.index ?? 0;
    const end = at + plain[0].length;
    // Already part of a strong label ('Total a pagar').
    if (hits.some((hit) => hit.start <= at && at < hit.end)) continue;
    if (NOT_TOTAL.test(text.slice(Math.max(0, at - 4), at + 24))) continue;
    hits.push({ rank: 1, start: at, end });
  }
  return hits.sort((a, b) => a.end - b.end);
}

function vatLabels(folded: string): LabelHit[] {
  const match = VAT_TOTAL.exec(folded);
  return match ? [{ rank: 1, start: match.index, end: match.index + match[0].length }] : [];
}

type Paid = { cents: number; raw: string; line: number };

/** The amount on the first line that starts with the label, e.g. 'Multibanco 12,30 €'. */
function amountOnLine(lines: readonly TextLine[], label: RegExp): Paid | undefined {
  for (const line of lines) {
    const match = label.exec(line.folded);
    const amount = match && firstAmountAfterLabel(line.text.slice(match[0].length));
    if (amount) return { cents: Math.abs(amount.cents), raw: amount.raw, line: line.index };
  }
  return undefined;
}

/** What the customer paid: charged to a card, or cash handed over less the change. */
function paidAmount(lines: readonly TextLine[]): Paid | undefined {
  const card = amountOnLine(lines, CARD_PAID);
  if (card) return card;
  const handed = amountOnLine(lines, HANDED_OVER);
  const change = amountOnLine(lines, CHANGE);
  if (!handed || !change || change.cents > handed.cents) return undefined;
  return { ...handed, cents: handed.cents - change.cents, raw: '' };
}

type VatRow = { rate: number; base: AmountToken; vat: AmountToken };

/** A PT rate and two amounts, the base first, where base × rate ≈ VAT. */
function rowOf(rates: readonly number[], amounts: readonly AmountToken[]): VatRow | undefined {
  return rates.flatMap((rate) =>
    amounts.flatMap((base) =>
      amounts
        .filter((vat) => vat !== base && vat.at > base.at)
        .filter(
          (vat) => Math.abs((base.cents * rate) / 100 - vat.cents) <= Math.max(2, vat.cents * 0.01),
        )
        .map((vat) => ({ rate, base, vat })),
    ),
  )[0];
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
      // Read with spaces grouping thousands only when the plain reading finds no row:
      // base × rate = VAT then vouches for the grouping.
      const row = rowOf(rates, amountsIn(segment)) ?? rowOf(rates, amountsWithSpaces(segment));
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
  const totals = labelledAmounts(lines, totalLabels);
  const topRank = Math.max(0, ...totals.map((t) => t.rank));
  const ranked = totals.filter((t) => t.rank === topRank);
  // Among equally strong labels the largest amount is the document total, the last of equals.
  const total = ranked.reduce<Labelled | undefined>(
    (top, t) => (top === undefined || t.cents >= top.cents ? t : top),
    undefined,
  );

  const rows = vatRows(lines);
  const rowSum = rows.reduce((sum, row) => sum + row.vat, 0);
  const vatTotals = labelledAmounts(lines, vatLabels);
  const explicitVat = vatTotals.find((v) => v.cents === rowSum) ?? vatTotals[0];
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

  const paid = paidAmount(lines);
  if (total) {
    // One total label, or several that agree: sure. Labels that disagree leave a guess
    // (the largest), and the amount paid matching it makes up for a plain 'Total'.
    const disagreeing = ranked.some((t) => t.cents !== total.cents);
    let confidence = (total.rank === 2 ? 0.92 : 0.85) - (disagreeing ? 0.25 : 0);
    if (paid?.cents === total.cents) confidence += 0.05;
    if (result.vat && result.vat.value > total.cents) confidence -= 0.3;
    result.total = {
      value: total.cents,
      raw: total.raw,
      line: total.line,
      confidence: clampConfidence(confidence),
    };
  } else if (paid) {
    // No total label read: what was paid is the total, unless it was only part of it.
    result.total = { value: paid.cents, raw: paid.raw, line: paid.line, confidence: 0.5 };
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
