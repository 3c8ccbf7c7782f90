import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './at-qr/examples.ts';
import { parseAtQr } from './at-qr/parse-at-qr.ts';
import { expectData, taxRegion } from './at-qr/test-helpers.ts';
import { matchesInvoiceVat, quarterOfMonth, vatLinesFromQr } from './vat-breakdown.ts';

test('the three fiscal spaces of the official example become one line per region and rate', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.fatura));
  const lines = vatLinesFromQr(data.taxRegions);
  expect(lines).toHaveLength(12);
  expect(lines?.slice(0, 4)).toEqual([
    { region: 'PT', rateBand: 'exempt', baseCents: 1_200_000, vatCents: 0 },
    { region: 'PT', rateBand: 'reduced', baseCents: 1_500_000, vatCents: 90_000 },
    { region: 'PT', rateBand: 'intermediate', baseCents: 5_000_000, vatCents: 650_000 },
    { region: 'PT', rateBand: 'normal', baseCents: 8_000_000, vatCents: 1_840_000 },
  ]);
  expect(lines?.[4]).toMatchObject({ region: 'PT-AC', rateBand: 'exempt' });
  expect(lines?.[11]).toMatchObject({ region: 'PT-MA', rateBand: 'normal', vatCents: 880_000 });
  expect(matchesInvoiceVat(lines ?? [], data.vat)).toBe(true);
});

test('a rate band with VAT and no base keeps its VAT on a zero base', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.notaDebitoRetificacao));
  expect(vatLinesFromQr(data.taxRegions)).toEqual([
    { region: 'PT-MA', rateBand: 'intermediate', baseCents: 0, vatCents: 2_650 },
  ]);
});

test('a document without VAT (I1:0) has a breakdown without lines', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.documentoTransporte));
  expect(vatLinesFromQr(data.taxRegions)).toEqual([]);
});

test('a foreign fiscal space, or one region twice, cannot go in a Portuguese return', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.impostoEstrangeiro));
  expect(vatLinesFromQr(data.taxRegions)).toBeNull();
  const twice = [taxRegion('PT', { normal: [100, 23] }), taxRegion('PT', { reduced: [100, 6] })];
  expect(vatLinesFromQr(twice)).toBeNull();
});

test('the VAT of the lines may differ from the invoice by one cent', () => {
  const lines = [{ vatCents: 2_300 }, { vatCents: 60 }];
  expect(matchesInvoiceVat(lines, 2_361)).toBe(true);
  expect(matchesInvoiceVat(lines, 2_359)).toBe(true);
  expect(matchesInvoiceVat(lines, 2_362)).toBe(false);
});

test('months fall in their calendar quarter', () => {
  expect([1, 3, 4, 6, 7, 9, 10, 12].map(quarterOfMonth)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
});
