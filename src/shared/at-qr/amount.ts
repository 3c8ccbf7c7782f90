// Amounts in the QR are decimal text ("12.34"). They are read straight into
// integer cents from the digits, never through a float, so "513600.58" is
// 51360058 exactly and the cross-check sums cannot drift.
import { makeIssue } from './issues.ts';
import type { AtQrIssue } from './types.ts';

const STRICT_AMOUNT = /^\d{1,13}\.\d{2}$/;
/**
 * Tolerated forms: a decimal comma, and any number of decimals (or none). At
 * most 13 integer digits, as in the strict form, keeps cents a safe integer.
 */
const LENIENT_AMOUNT = /^(\d{1,13})(?:([.,])(\d+))?$/;

export type AmountReading = { cents: number | null; issues: AtQrIssue[] };

export function parseAmount(field: string, value: string): AmountReading {
  if (STRICT_AMOUNT.test(value)) {
    // Fast path for conformant input: "<euros>.<two digits>".
    return { cents: Number(value.slice(0, -3)) * 100 + Number(value.slice(-2)), issues: [] };
  }
  const match = LENIENT_AMOUNT.exec(value);
  if (!match) return { cents: null, issues: [makeIssue('BAD_FORMAT', { field, value })] };
  const [, whole = '0', separator, decimals = ''] = match;
  // Round half up at the third decimal: amounts are never negative (SAF-T minInclusive 0).
  const roundUp = decimals.length > 2 && decimals.charCodeAt(2) >= 53; // '5'
  const cents =
    Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1 : 0);
  const found = formatCents(cents);
  const issues: AtQrIssue[] = [];
  if (separator === ',') issues.push(makeIssue('DECIMAL_COMMA', { field, value, found }));
  if (decimals.length !== 2) issues.push(makeIssue('AMOUNT_DECIMALS', { field, value, found }));
  return { cents, issues };
}

/** Integer cents as the QR writes them: "1234.50", no thousands separator. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`An AT QR amount must be a non-negative integer of cents, got ${cents}`);
  }
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
