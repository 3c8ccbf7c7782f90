// VAT by fiscal region and rate band (issue 16 point 3, ADR 019): what an AT QR code prints in
// its fiscal-space blocks (I, J, K), kept per invoice so the summary can show the deductible VAT
// per region × rate — the lines of the periodic VAT return. Money is integer cents, positive as
// printed, also on a credit note (the invoice's document type gives the sign).
import type { AtQrTaxRegion } from './at-qr/types.ts';
import { NO_VAT_REGION } from './at-qr/code-lists.ts';

/** The Portuguese fiscal regions of the periodic VAT return: mainland, Azores, Madeira. */
export const VAT_REGIONS = ['PT', 'PT-AC', 'PT-MA'] as const;
export type VatRegion = (typeof VAT_REGIONS)[number];

export const VAT_REGION_LABELS = {
  PT: 'Continente',
  'PT-AC': 'Açores',
  'PT-MA': 'Madeira',
} as const satisfies Record<VatRegion, string>;

/** The QR's rate bands in the order it prints them (x2 exempt, x3/x4, x5/x6, x7/x8). */
export const VAT_RATE_BANDS = ['exempt', 'reduced', 'intermediate', 'normal'] as const;
export type VatRateBand = (typeof VAT_RATE_BANDS)[number];

export const VAT_RATE_BAND_LABELS = {
  exempt: 'Isento',
  reduced: 'Reduzida',
  intermediate: 'Intermédia',
  normal: 'Normal',
} as const satisfies Record<VatRateBand, string>;

/** One region × rate band of one invoice: the taxable (or exempt) base and its VAT. */
export type VatLine = {
  region: VatRegion;
  rateBand: VatRateBand;
  baseCents: number;
  vatCents: number;
};

/** The QR and the invoice's VAT may differ by a cent (issuers that round per line). */
export const VAT_BREAKDOWN_TOLERANCE_CENTS = 1;

export function isVatRegion(value: string): value is VatRegion {
  return (VAT_REGIONS as readonly string[]).includes(value);
}

export function sumVatLines(lines: readonly Pick<VatLine, 'vatCents'>[]): number {
  let total = 0;
  for (const line of lines) total += line.vatCents;
  return total;
}

/** Whether the lines' VAT adds up to the invoice's, within a cent. */
export function matchesInvoiceVat(lines: readonly Pick<VatLine, 'vatCents'>[], vatCents: number) {
  return Math.abs(sumVatLines(lines) - vatCents) <= VAT_BREAKDOWN_TOLERANCE_CENTS;
}

/**
 * The QR's fiscal spaces as VAT lines. `null` when they cannot go in a Portuguese VAT return:
 * a foreign fiscal space (FR, ES…), or two blocks for one region. A document without VAT
 * (I1:0) has a breakdown with no line. Bands absent from the QR (or all zero) are left out.
 */
export function vatLinesFromQr(regions: readonly AtQrTaxRegion[]): VatLine[] | null {
  const lines: VatLine[] = [];
  const seen = new Set<string>();
  for (const block of regions) {
    if (block.region === NO_VAT_REGION) continue;
    if (!isVatRegion(block.region) || seen.has(block.region)) return null;
    seen.add(block.region);
    const bands: Array<[VatRateBand, number | null, number | null]> = [
      ['exempt', block.exempt, null],
      ['reduced', block.reduced.base, block.reduced.vat],
      ['intermediate', block.intermediate.base, block.intermediate.vat],
      ['normal', block.normal.base, block.normal.vat],
    ];
    for (const [rateBand, base, vat] of bands) {
      if (!base && !vat) continue;
      lines.push({ region: block.region, rateBand, baseCents: base ?? 0, vatCents: vat ?? 0 });
    }
  }
  return lines;
}

/** The calendar quarter (1–4) a month (1–12) belongs to. */
export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}
