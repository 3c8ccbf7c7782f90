import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import type { AtQrData } from '#shared/at-qr/types.ts';
import { fieldsFromAtQr, scanFailure, SCAN_ERROR_MESSAGES } from './scan-result.ts';

function parsed(payload: string): AtQrData {
  const result = parseAtQr(payload);
  if (!result.ok) throw new Error('example does not parse');
  return result.data;
}

test('the three-region example becomes contract 6 fields in euros, every optional field kept', () => {
  expect(fieldsFromAtQr(parsed(AT_QR_EXAMPLES.fatura))).toEqual({
    issuerNif: '123456789',
    buyerNif: '999999990',
    buyerCountry: 'PT',
    documentType: 'FT',
    documentStatus: 'N',
    issueDate: '2019-12-31',
    documentNumber: 'FT AB2019/0035',
    atcud: 'CSDF7T5H-0035',
    total: 513600.58,
    vat: 63975.02,
    taxRegions: [
      {
        region: 'PT',
        exempt: 12000,
        reduced: { base: 15000, vat: 900 },
        intermediate: { base: 50000, vat: 6500 },
        normal: { base: 80000, vat: 18400 },
      },
      {
        region: 'PT-AC',
        exempt: 10000,
        reduced: { base: 25000.56, vat: 1000.02 },
        intermediate: { base: 75000, vat: 6750 },
        normal: { base: 100000, vat: 18000 },
      },
      {
        region: 'PT-MA',
        exempt: 5000,
        reduced: { base: 12500, vat: 625 },
        intermediate: { base: 25000, vat: 3000 },
        normal: { base: 40000, vat: 8800 },
      },
    ],
    notSubject: 100,
    stampDuty: 25,
    withholding: 100,
    hash: 'kLp0',
    certificate: '9999',
    otherInfo: 'TB;PT00000000000000000000000;513500.58',
    qr: AT_QR_EXAMPLES.fatura,
  });
});

test('absent fields and rate bands are left out; a VAT without its base keeps only the VAT', () => {
  const fields = fieldsFromAtQr(parsed(AT_QR_EXAMPLES.notaDebitoRetificacao));
  expect(fields.taxRegions).toEqual([{ region: 'PT-MA', intermediate: { vat: 26.5 } }]);
  for (const key of ['notSubject', 'stampDuty', 'withholding', 'otherInfo', 'supplierName']) {
    expect(fields, key).not.toHaveProperty(key);
  }
  // The stray spaces of the copy were trimmed by the parser.
  expect(fields.documentNumber).toBe('M1F KLG/6145');
  expect(fields.total).toBe(26.5);
});

test('a document without VAT keeps I1:0 as its region and zero totals', () => {
  const fields = fieldsFromAtQr(parsed(AT_QR_EXAMPLES.documentoTransporte));
  expect(fields.taxRegions).toEqual([{ region: '0' }]);
  expect([fields.total, fields.vat]).toEqual([0, 0]);
});

test('a failure carries its code and the pt-PT message, or one given for the case', () => {
  expect(scanFailure('NOTHING_FOUND')).toEqual({
    ok: false,
    error: { code: 'NOTHING_FOUND', message: SCAN_ERROR_MESSAGES.NOTHING_FOUND },
  });
  expect(scanFailure('UNSUPPORTED_TYPE', 'Outra.').error.message).toBe('Outra.');
});
