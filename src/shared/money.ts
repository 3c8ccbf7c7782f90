// Money is integer cents everywhere; this file is the only place that converts
// between cents, euros and text (STYLE.md "Data"). Every conversion works on
// integers or on decimal strings so no binary-float drift reaches a total.
import { CREDIT_NOTE } from './domain.ts';

const eurFormat = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });

/** What a hidden amount shows instead of its value (spec §2 "hidden amounts show as dots"). */
export const maskedAmount = '••••••';

function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${what} must be a safe integer number of cents, got ${cents}`);
  }
}

/** Exact decimal text of a cents value ("-1234.05"), built with integer math. */
function centsToDecimalText(cents: number): `${number}` {
  const abs = Math.abs(cents);
  const remainder = abs % 100;
  const whole = (abs - remainder) / 100; // exact: a multiple of 100 divided by 100
  const fraction = String(remainder).padStart(2, '0');
  // A decimal number by construction; TypeScript cannot infer the literal type.
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}` as `${number}`;
}

/**
 * Euros in the pt-PT style of the platform's ICU: "1234,56 €", "12 345,67 €"
 * (pt-PT groups only from five integer digits; the group and currency spaces are
 * NBSP in Node 20's ICU, possibly U+202F elsewhere — compare with care).
 */
export function formatCents(cents: number): string {
  assertCents(cents, 'formatCents');
  // The decimal-string overload keeps amounts beyond 2^45 euros exact.
  return eurFormat.format(centsToDecimalText(cents));
}

/**
 * Euros as plain decimal text, no grouping and no symbol, with the decimal separator given:
 * "-1234,05" with ',' is what Portuguese Excel reads as a number from a CSV.
 */
export function centsToDecimalString(cents: number, decimalSeparator: '.' | ','): string {
  assertCents(cents, 'centsToDecimalString');
  const text = centsToDecimalText(cents);
  return decimalSeparator === '.' ? text : text.replace('.', decimalSeparator);
}

// Below 2^46 euros a double still tells apart every cent, so `cents / 100` prints
// back as the exact two-decimal amount; 2^52 cents (45 trillion euros) stays under it.
const MAX_EXACT_EURO_CENTS = 2 ** 52;

/** Euros as a JSON number with at most two decimals (513600.58), for contracts. */
export function centsToEuros(cents: number): number {
  assertCents(cents, 'centsToEuros');
  if (Math.abs(cents) > MAX_EXACT_EURO_CENTS) {
    throw new RangeError(`centsToEuros: ${cents} cents cannot be written exactly in euros`);
  }
  return cents === 0 ? 0 : cents / 100;
}

/**
 * Cents from a euro amount, rounding half away from zero on the decimal the
 * number prints as: 1.005 → 101, 0.1 + 0.2 → 30, 513600.58 → 51360058.
 * Scaling through the printed decimal (not `n * 100`) is what avoids the drift.
 */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros))
    throw new RangeError(`eurosToCents needs a finite number, got ${euros}`);
  const [mantissa = '0', exponent = '0'] = String(Math.abs(euros)).split('e');
  const scaled = Number(`${mantissa}e${Number(exponent) + 2}`);
  const cents = Math.round(scaled); // positive here, so half-up is half away from zero
  if (!Number.isSafeInteger(cents)) throw new RangeError(`eurosToCents: ${euros} is out of range`);
  return euros < 0 && cents !== 0 ? -cents : cents;
}

export function addCents(a: number, b: number): number {
  assertCents(a, 'addCents');
  assertCents(b, 'addCents');
  const sum = a + b;
  assertCents(sum, 'addCents result');
  return sum;
}

export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total = addCents(total, amount);
  return total;
}

/** `part` as a percentage of `whole`, unrounded; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  if (whole === 0) return 0;
  const percentage = (part / whole) * 100;
  return percentage === 0 ? 0 : percentage;
}

export function isCreditNote(documentType: string | null | undefined): boolean {
  return documentType === CREDIT_NOTE;
}

/**
 * The amount as it counts in totals: a credit note (NC) is negative whether it
 * was stored positive or negative; other documents count as stored. Use it for
 * totals and for VAT alike.
 */
export function signedAmountCents(
  amountCents: number,
  documentType: string | null | undefined,
): number {
  assertCents(amountCents, 'signedAmountCents');
  if (!isCreditNote(documentType) || amountCents === 0) return amountCents;
  return -Math.abs(amountCents);
}

// parseEuros: what people type or OCR reads. Separators are '.', ',' and any
// whitespace (NBSP and U+202F included). The decimal separator is decided thus:
// - a comma that appears once and last is decimal ("12,5", "1.234,56");
// - a dot that appears once and last is decimal ("12.34", "1 234.56", "1,234.56"),
//   EXCEPT when it is the only separator and exactly three digits follow a 1-3
//   digit group: then it groups thousands, as pt-PT writes it ("1.234" = 1234 €);
// - a separator that appears more than once only groups ("1.234.567").
// Groups must be 1-3 digits then exactly 3; decimals must be 1 or 2 digits.
// Anything else (three decimals as in "1,234", mixed grouping, stray text) is
// refused with null rather than guessed.
const CURRENCY_WORDS = /€|euros?|eur/giu;
const SIGNED = /^([+\-\u2212]?)\s*(\d.*)$/u;
const NUMBER_BODY = /^\d+(?:[., ]\d+)*$/u;
const FIRST_GROUP = /^[1-9]\d{0,2}$/u;

function decimalSeparatorIndex(seps: readonly string[], runs: readonly string[]): number {
  const last = seps.at(-1);
  const count = seps.filter((sep) => sep === last).length;
  if (count !== 1) return -1;
  if (last === ',') return seps.length - 1;
  if (last !== '.') return -1;
  const isThousands = seps.length === 1 && runs[1]?.length === 3 && FIRST_GROUP.test(runs[0] ?? '');
  return isThousands ? -1 : seps.length - 1;
}

/** Integer cents from a typed or read euro amount, or null when it is not one. */
export function parseEuros(input: string): number | null {
  const signed = SIGNED.exec(input.replace(CURRENCY_WORDS, ' ').trim());
  if (!signed) return null;
  const [, sign = '', rawBody = ''] = signed;
  const body = rawBody.trim().replace(/\s+/gu, ' ');
  if (!NUMBER_BODY.test(body)) return null;

  const seps = body.match(/[., ]/gu) ?? [];
  const runs = body.split(/[., ]/u);
  const decimalAt = decimalSeparatorIndex(seps, runs);
  const integerRuns = decimalAt === -1 ? runs : runs.slice(0, decimalAt + 1);
  const decimals = decimalAt === -1 ? '' : (runs.at(-1) ?? '');
  const groupSeps = decimalAt === -1 ? seps : seps.slice(0, decimalAt);

  if (decimalAt !== -1 && decimals.length > 2) return null;
  if (groupSeps.length > 0) {
    if (new Set(groupSeps).size !== 1) return null;
    const [first = '', ...rest] = integerRuns;
    if (!FIRST_GROUP.test(first) || rest.some((group) => group.length !== 3)) return null;
  }

  const cents = Number(integerRuns.join('')) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign !== '' && sign !== '+' && cents !== 0 ? -cents : cents;
}
