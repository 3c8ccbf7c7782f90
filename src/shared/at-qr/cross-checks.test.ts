import { expect, test } from 'vitest';
import { checkAtcudNumber, checkTotals, sumBases, sumVat } from './cross-checks.ts';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { expectData, issueKeys, taxRegion, withField } from './test-helpers.ts';

const base = AT_QR_EXAMPLES.real2025; // I7:142.68 I8:32.82 N:32.82 O:175.50
const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

test('example 1 adds up: N = VAT of three spaces + M and O = bases + L + N, P not subtracted', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.fatura));
  expect(sumVat(data.taxRegions) + (data.stampDuty ?? 0)).toBe(data.totalTaxes);
  expect(sumBases(data.taxRegions) + (data.notSubject ?? 0) + data.totalTaxes).toBe(
    data.grossTotal,
  );
  expect(checkTotals(data)).toEqual([]);
});

test('O written net of withholding (O − P) is a gross-total mismatch', () => {
  const result = parseAtQr(withField(AT_QR_EXAMPLES.fatura, 'O', '513500.58'));
  expect(result).toMatchObject({ ok: true, strict: false });
  expect(issueKeys(result)).toEqual(['GROSS_TOTAL_MISMATCH:O']);
});

test('N that is not VAT + stamp duty is a warning, with both amounts in the message', () => {
  const result = parseAtQr(withField(base, 'N', '30.00'));
  expect(result).toMatchObject({ ok: true, strict: false });
  expect(issueKeys(result)).toEqual(['TOTAL_TAX_MISMATCH:N', 'GROSS_TOTAL_MISMATCH:O']);
  expect(result.issues[0]).toEqual({
    code: 'TOTAL_TAX_MISMATCH',
    severity: 'warning',
    field: 'N',
    message:
      'O total de impostos (campo N: 30,00 €) não é igual à soma do IVA e do Imposto do Selo (32,82 €).',
  });
});

test('stamp duty counts in N', () => {
  const payload = withField(withField(withField(base, 'M', '1.00'), 'N', '33.82'), 'O', '176.50');
  expect(parseAtQr(payload)).toMatchObject({ ok: true, strict: true });
  expect(issueKeys(parseAtQr(withField(base, 'M', '1.00')))).toEqual(['TOTAL_TAX_MISMATCH:N']);
});

test('L (not subject to VAT) counts in O', () => {
  expect(parseAtQr(withField(withField(base, 'L', '10.00'), 'O', '185.50'))).toMatchObject({
    ok: true,
    strict: true,
  });
  expect(issueKeys(parseAtQr(withField(base, 'L', '10.00')))).toEqual(['GROSS_TOTAL_MISMATCH:O']);
});

test('a one-cent rounding difference is tolerated, two cents are not', () => {
  expect(parseAtQr(withField(base, 'O', '175.51'))).toMatchObject({ ok: true, strict: true });
  expect(parseAtQr(withField(base, 'O', '175.49'))).toMatchObject({ ok: true, strict: true });
  expect(issueKeys(parseAtQr(withField(base, 'O', '175.52')))).toEqual(['GROSS_TOTAL_MISMATCH:O']);
});

test('checkTotals compares integer cents, so large sums do not drift', () => {
  const regions = [
    taxRegion('PT', { reduced: [10, 1], normal: [2000000000000, 460000000000] }),
    taxRegion('PT-AC', { exempt: 7, intermediate: [3, 3] }),
  ];
  const totals = { taxRegions: regions, stampDuty: null, notSubject: 1 };
  expect(checkTotals({ ...totals, totalTaxes: 460000000004, grossTotal: 2460000000025 })).toEqual(
    [],
  );
  expect(
    codes(checkTotals({ ...totals, totalTaxes: 460000000006, grossTotal: 2460000000027 })),
  ).toEqual(['TOTAL_TAX_MISMATCH']);
});

test('the ATCUD sequence must equal the digits after the last / of the document number', () => {
  expect(checkAtcudNumber('FT AB2019/0035', 'CSDF7T5H-0035')).toEqual([]);
  expect(codes(checkAtcudNumber('FT AB2019/0035', 'CSDF7T5H-35'))).toEqual([
    'ATCUD_NUMBER_MISMATCH',
  ]);
  expect(codes(checkAtcudNumber('FT AB2019/36', 'CSDF7T5H-35'))).toEqual(['ATCUD_NUMBER_MISMATCH']);
});

test('an ATCUD that does not match the number is a warning naming both numbers', () => {
  const result = parseAtQr(withField(base, 'H', 'KXTP8ZQ2-342'));
  expect(result).toMatchObject({ ok: true, strict: false });
  expect(result.issues).toEqual([
    {
      code: 'ATCUD_NUMBER_MISMATCH',
      severity: 'warning',
      field: 'H',
      message: 'O número sequencial do ATCUD (342) não corresponde ao número do documento (341).',
    },
  ]);
});

test('H:0 is not compared with the document number', () => {
  expect(checkAtcudNumber('FT 2025A/341', '0')).toEqual([]);
  expect(parseAtQr(withField(base, 'H', '0'))).toMatchObject({ ok: true, strict: true });
});

test('malformed ATCUDs or numbers are reported by their own rule, not by the cross-check', () => {
  expect(checkAtcudNumber('FT 2025A-341', 'KXTP8ZQ2-341')).toEqual([]);
  expect(issueKeys(parseAtQr(withField(base, 'G', 'FT 2025A/341A')))).toEqual([
    'DOCUMENT_NUMBER_FORMAT:G',
  ]);
});
