// Helpers for the AT QR tests: edit one field of a payload while keeping the
// canonical order, and narrow a result to the accepted case.
import { expect } from 'vitest';
import { fieldPosition, isFieldCode } from './fields.ts';
import type { AtQrData, AtQrResult, AtQrTaxRegion } from './types.ts';

const position = (key: string) => (isFieldCode(key) ? fieldPosition(key) : Infinity);

/** The payload with `code` set to `value` (inserted in canonical order) or removed (null). */
export function withField(payload: string, code: string, value: string | null): string {
  const segments = payload.split('*').filter((s) => s.slice(0, s.indexOf(':')) !== code);
  if (value !== null) segments.push(`${code}:${value}`);
  return segments
    .map((segment, index) => ({ segment, index, key: segment.slice(0, segment.indexOf(':')) }))
    .sort((a, b) => position(a.key) - position(b.key) || a.index - b.index)
    .map(({ segment }) => segment)
    .join('*');
}

export type Accepted = Extract<AtQrResult, { ok: true }>;

export function expectAccepted(result: AtQrResult): Accepted {
  expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  if (!result.ok) throw new Error('expected the payload to be accepted');
  return result;
}

export function expectData(result: AtQrResult): AtQrData {
  return expectAccepted(result).data;
}

/** Issue codes with their field, e.g. "LEADING_SPACE:G", for compact exact assertions. */
export function issueKeys(result: AtQrResult): string[] {
  return result.issues.map((issue) => (issue.field ? `${issue.code}:${issue.field}` : issue.code));
}

type Band = [base: number | null, vat: number | null];

/** A tax region with every amount null except those given. */
export function taxRegion(
  region: string,
  amounts: { exempt?: number; reduced?: Band; intermediate?: Band; normal?: Band } = {},
): AtQrTaxRegion {
  const band = ([base, vat]: Band = [null, null]) => ({ base, vat });
  return {
    region,
    exempt: amounts.exempt ?? null,
    reduced: band(amounts.reduced),
    intermediate: band(amounts.intermediate),
    normal: band(amounts.normal),
  };
}
