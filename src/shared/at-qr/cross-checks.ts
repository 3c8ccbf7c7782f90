// Arithmetic and ATCUD consistency (research pt-qr-spec §1.6, rules 6–8). They
// are derived from every official example, not stated by the AT, and the
// printed totals are what was charged, so a mismatch is a warning.
import { makeIssue } from './issues.ts';
import { formatEurosForMessage } from './messages.ts';
import type { AtQrData, AtQrIssue, AtQrTaxRegion } from './types.ts';

/** The spec's examples agree to the cent; allow ±0.01 for issuers that round per line. */
const TOLERANCE_CENTS = 1;

// Plain loops: these run twice per parse and flatMap/reduce showed up in profiles.

/** VAT of every fiscal space, in cents. */
export function sumVat(regions: readonly AtQrTaxRegion[]): number {
  let total = 0;
  for (const r of regions) {
    total += (r.reduced.vat ?? 0) + (r.intermediate.vat ?? 0) + (r.normal.vat ?? 0);
  }
  return total;
}

/** Every taxable and exempt base of every fiscal space, in cents. */
export function sumBases(regions: readonly AtQrTaxRegion[]): number {
  let total = 0;
  for (const r of regions) {
    total += (r.exempt ?? 0) + (r.reduced.base ?? 0) + (r.intermediate.base ?? 0);
    total += r.normal.base ?? 0;
  }
  return total;
}

type Totals = Pick<
  AtQrData,
  'taxRegions' | 'stampDuty' | 'notSubject' | 'totalTaxes' | 'grossTotal'
>;

export function checkTotals(data: Totals): AtQrIssue[] {
  const issues: AtQrIssue[] = [];
  // N is SAF-T TaxPayable: VAT plus Stamp Duty.
  const taxes = sumVat(data.taxRegions) + (data.stampDuty ?? 0);
  if (Math.abs(data.totalTaxes - taxes) > TOLERANCE_CENTS) {
    issues.push(
      makeIssue('TOTAL_TAX_MISMATCH', {
        field: 'N',
        found: formatEurosForMessage(data.totalTaxes),
        expected: formatEurosForMessage(taxes),
      }),
    );
  }
  // O is SAF-T GrossTotal; withholding (P) is NOT subtracted (example 1: S carries O − P).
  const gross = sumBases(data.taxRegions) + (data.notSubject ?? 0) + data.totalTaxes;
  if (Math.abs(data.grossTotal - gross) > TOLERANCE_CENTS) {
    issues.push(
      makeIssue('GROSS_TOTAL_MISMATCH', {
        field: 'O',
        found: formatEurosForMessage(data.grossTotal),
        expected: formatEurosForMessage(gross),
      }),
    );
  }
  return issues;
}

const ATCUD_SEQUENCE = /^[A-Za-z0-9]+-(\d+)$/;
const DOCUMENT_SEQUENCE = /\/(\d+)$/;

/**
 * The ATCUD ends with "the digits right after the '/'" of the document id
 * (Portaria 195/2020 art. 3.º n.º 3), compared as strings so leading zeros count:
 * FT AB2019/0035 ↔ CSDF7T5H-0035.
 */
export function checkAtcudNumber(documentNumber: string, atcud: string): AtQrIssue[] {
  const fromAtcud = ATCUD_SEQUENCE.exec(atcud)?.[1];
  const fromNumber = DOCUMENT_SEQUENCE.exec(documentNumber)?.[1];
  if (fromAtcud === undefined || fromNumber === undefined || fromAtcud === fromNumber) return [];
  return [
    makeIssue('ATCUD_NUMBER_MISMATCH', { field: 'H', found: fromAtcud, expected: fromNumber }),
  ];
}
