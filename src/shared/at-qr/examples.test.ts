// Every payload of research/pt-qr-spec.md §2, with its exact verdict and the
// values a user sees (issuer, date, number, ATCUD, total, VAT, regions).
import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { expectAccepted, issueKeys, taxRegion } from './test-helpers.ts';

test('the official examples print the character counts the specification states', () => {
  expect(AT_QR_EXAMPLES.fatura).toHaveLength(452);
  expect(AT_QR_EXAMPLES.faturaSimplificada).toHaveLength(141);
  expect(AT_QR_EXAMPLES.faturaProForma).toHaveLength(209);
  expect(AT_QR_EXAMPLES.documentoTransporte).toHaveLength(116);
});

test('official example 1 (fatura, three fiscal spaces) is strict and reads every amount exactly', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.fatura));
  expect(result.strict).toBe(true);
  expect(result.issues).toEqual([]);
  expect(result.data).toEqual({
    issuerNif: '123456789',
    buyerNif: '999999990',
    buyerCountry: 'PT',
    documentType: 'FT',
    documentStatus: 'N',
    issueDate: '2019-12-31',
    documentNumber: 'FT AB2019/0035',
    atcud: 'CSDF7T5H-0035',
    taxRegions: [
      taxRegion('PT', {
        exempt: 1200000,
        reduced: [1500000, 90000],
        intermediate: [5000000, 650000],
        normal: [8000000, 1840000],
      }),
      taxRegion('PT-AC', {
        exempt: 1000000,
        reduced: [2500056, 100002],
        intermediate: [7500000, 675000],
        normal: [10000000, 1800000],
      }),
      taxRegion('PT-MA', {
        exempt: 500000,
        reduced: [1250000, 62500],
        intermediate: [2500000, 300000],
        normal: [4000000, 880000],
      }),
    ],
    notSubject: 10000,
    stampDuty: 2500,
    totalTaxes: 6400002,
    grossTotal: 51360058,
    withholding: 10000,
    hash: 'kLp0',
    certificate: '9999',
    otherInfo: 'TB;PT00000000000000000000000;513500.58',
    raw: AT_QR_EXAMPLES.fatura,
    total: 51360058,
    vat: 6397502,
  });
});

test('official example 2 (fatura simplificada) is strict, with S:NU;0.80 kept as text', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.faturaSimplificada));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '123456789',
    documentType: 'FS',
    issueDate: '2019-08-12',
    documentNumber: 'FS CDVF/12345',
    atcud: 'CDF7T5HD-12345',
    total: 80,
    vat: 15,
    otherInfo: 'NU;0.80',
    taxRegions: [taxRegion('PT', { normal: [65, 15] })],
  });
});

test('official example 3 (pró-forma) is strict and keeps the hash r/fY', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.faturaProForma));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '500000000',
    buyerNif: '123456789',
    documentType: 'PF',
    issueDate: '2019-01-23',
    documentNumber: 'PF G2019CB/145789',
    atcud: 'HB6FT7RV-145789',
    hash: 'r/fY',
    totalTaxes: 1507244,
    total: 12516512,
    vat: 1507244,
    otherInfo: null,
    taxRegions: [
      taxRegion('PT', {
        exempt: 1234534,
        reduced: [1253265, 75196],
        intermediate: [5278900, 686257],
        normal: [3242569, 745791],
      }),
    ],
  });
});

test('official example 4 (transport document, I1:0) is strict and keeps region 0', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.documentoTransporte));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '500000000',
    documentType: 'GT',
    issueDate: '2019-07-20',
    documentNumber: 'GT G234CB/50987',
    atcud: 'GTVX4Y8B-50987',
    totalTaxes: 0,
    total: 0,
    vat: 0,
    taxRegions: [taxRegion('0')],
  });
});

test('v1.1 example 5.5 (foreign tax) is strict: region FR, foreign buyer id not NIF-checked', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.impostoEstrangeiro));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '123456789',
    buyerNif: '4443332215',
    buyerCountry: 'FR',
    issueDate: '2019-05-26',
    documentNumber: 'ABC BNH/4561',
    atcud: 'DK5ZJ2HN-4561',
    total: 12000,
    vat: 2000,
    taxRegions: [taxRegion('FR', { normal: [10000, 2000] })],
  });
});

test('v1.1 example 5.6 (debit note) is lenient: spaces after G: and H: are trimmed with warnings', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.notaDebitoRetificacao));
  expect(result.strict).toBe(false);
  expect(issueKeys(result)).toEqual(['LEADING_SPACE:G', 'LEADING_SPACE:H']);
  expect(result.issues.every((issue) => issue.severity === 'warning')).toBe(true);
  expect(result.data).toMatchObject({
    issuerNif: '123456789',
    documentType: 'ND',
    issueDate: '2019-02-16',
    documentNumber: 'M1F KLG/6145',
    atcud: 'RQD8L6DG-6145',
    total: 2650,
    vat: 2650,
    taxRegions: [taxRegion('PT-MA', { intermediate: [null, 2650] })],
  });
});

test('v1.1 example 5.7 (margin scheme) is lenient only for the space after H:', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.regimeMargem));
  expect(result.strict).toBe(false);
  expect(issueKeys(result)).toEqual(['LEADING_SPACE:H']);
  expect(result.data).toMatchObject({
    issuerNif: '500000000',
    issueDate: '2019-11-24',
    documentNumber: 'NF 19A/789145',
    atcud: 'JL9DS4TT-789145',
    notSubject: 100000,
    total: 105900,
    vat: 900,
    taxRegions: [taxRegion('PT-AC', { normal: [5000, 900] })],
  });
});

test('the real 2025 receipt with H:0 is lenient because the buyer NIF check digit is wrong', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.real2025SemAtcud));
  expect(result.strict).toBe(false);
  expect(issueKeys(result)).toEqual(['BUYER_NIF_CHECK_DIGIT:B']);
  expect(result.data).toMatchObject({
    issuerNif: '513847588',
    buyerNif: '132772985',
    issueDate: '2025-08-28',
    documentNumber: 'FS 437251001/115666',
    atcud: '0',
    certificate: '0177',
    total: 4667,
    vat: 873,
    taxRegions: [taxRegion('PT', { normal: [3794, 873] })],
  });
});

test('the FTR-prefixed real invoice is strict (G need not start with D)', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.realPrefixoFtr));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '506810267',
    documentType: 'FT',
    issueDate: '2024-02-06',
    documentNumber: 'FTR 0100324/14570',
    atcud: 'JJJCR94W-14570',
    total: 758,
    vat: 43,
    taxRegions: [taxRegion('PT', { reduced: [715, 43] })],
  });
});

test('the FAC real invoice with H:0 and hash LJT/ is strict', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.realFac));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '999999990',
    issueDate: '2020-11-23',
    documentNumber: 'FAC 1/19',
    atcud: '0',
    hash: 'LJT/',
    total: 2202,
    vat: 412,
    taxRegions: [taxRegion('PT', { normal: [1790, 412] })],
  });
});

test('the Odoo docstring payload is strict: a Belgian buyer id is not NIF-checked, P:0.00 kept', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.odooDocstring));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '509445535',
    buyerNif: '123456823',
    buyerCountry: 'BE',
    issueDate: '2022-01-03',
    documentNumber: 'FT 01P2022/1',
    atcud: '0',
    withholding: 0,
    total: 40000,
    vat: 7480,
    taxRegions: [taxRegion('PT', { normal: [32520, 7480] })],
  });
});

test('the 2025 README invoice is strict', () => {
  const { strict, issues, data } = expectAccepted(parseAtQr(AT_QR_EXAMPLES.real2025));
  expect({ strict, issues }).toEqual({ strict: true, issues: [] });
  expect(data).toMatchObject({
    issuerNif: '508136695',
    issueDate: '2025-09-17',
    documentNumber: 'FT 2025A/341',
    atcud: 'KXTP8ZQ2-341',
    total: 17550,
    vat: 3282,
    taxRegions: [taxRegion('PT', { normal: [14268, 3282] })],
  });
});

test('the Q:0 receipt is accepted, with warnings for totals and ATCUD that do not add up', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.reciboSemHash));
  expect(result.strict).toBe(false);
  expect(issueKeys(result)).toEqual([
    'TOTAL_TAX_MISMATCH:N',
    'GROSS_TOTAL_MISMATCH:O',
    'ATCUD_NUMBER_MISMATCH:H',
  ]);
  expect(result.data).toMatchObject({
    issuerNif: '500000000',
    documentType: 'RG',
    issueDate: '2019-07-20',
    documentNumber: 'RG RG/1',
    atcud: 'GTVX4Y8B-50987',
    hash: '0',
    notSubject: 9900,
    total: 9900,
    vat: 0,
    taxRegions: [taxRegion('0')],
  });
});
