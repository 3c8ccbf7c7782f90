import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatCents, parseAmount } from './amount.ts';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { issueKeys, withField } from './test-helpers.ts';

const codes = (value: string) => parseAmount('O', value).issues.map((issue) => issue.code);

test.each([
  ['12.34', 1234],
  ['0.00', 0],
  ['0.05', 5],
  ['0.10', 10],
  ['513600.58', 51360058],
  ['25000.56', 2500056],
  ['64000.02', 6400002],
  ['1000.02', 100002],
  ['0.29', 29],
  ['1.15', 115],
  ['4.35', 435],
  ['9999999999999.99', 999999999999999],
  ['0012.30', 1230],
])('the strict amount %s reads as exactly %i cents, without warnings', (text, cents) => {
  expect(parseAmount('O', text)).toEqual({ cents, issues: [] });
});

test.each([
  ['12,34', 1234, ['DECIMAL_COMMA']],
  ['0,80', 80, ['DECIMAL_COMMA']],
  ['12', 1200, ['AMOUNT_DECIMALS']],
  ['12.5', 1250, ['AMOUNT_DECIMALS']],
  ['12,5', 1250, ['DECIMAL_COMMA', 'AMOUNT_DECIMALS']],
  ['12.345', 1235, ['AMOUNT_DECIMALS']],
  ['12.344', 1234, ['AMOUNT_DECIMALS']],
  ['0.995', 100, ['AMOUNT_DECIMALS']],
  ['19.999', 2000, ['AMOUNT_DECIMALS']],
])('the tolerated amount %s reads as %i cents with %j', (text, cents, expected) => {
  const reading = parseAmount('O', text);
  expect(reading.cents).toBe(cents);
  expect(reading.issues.map((issue) => issue.code)).toEqual(expected);
  expect(reading.issues.every((issue) => issue.severity === 'warning')).toBe(true);
});

test.each([
  '-1.00',
  '1.234,56',
  '1,234.56',
  '12.',
  '.50',
  '',
  '12.3.4',
  '1e3',
  '+1.00',
  ' 1.00',
  '12 €',
  '12345678901234.00',
  'NaN',
])('the amount %j cannot be read and is a BAD_FORMAT error', (text) => {
  expect(parseAmount('O', text)).toEqual({
    cents: null,
    issues: [expect.objectContaining({ code: 'BAD_FORMAT', severity: 'error', field: 'O' })],
  });
});

test('the decimal comma warning says how the amount was read', () => {
  expect(parseAmount('I8', '32,82').issues[0]?.message).toBe(
    'O valor do campo I8 (Total de IVA à taxa normal) usa vírgula decimal em vez de ponto; foi lido como 32.82.',
  );
});

test('a payload with decimal commas is accepted leniently and its totals still cross-check', () => {
  const payload = withField(withField(AT_QR_EXAMPLES.real2025, 'I8', '32,82'), 'O', '175,50');
  const result = parseAtQr(payload);
  expect(result).toMatchObject({ ok: true, strict: false, data: { total: 17550, vat: 3282 } });
  expect(issueKeys(result)).toEqual(['DECIMAL_COMMA:I8', 'DECIMAL_COMMA:O']);
});

test('an amount with one decimal is accepted leniently', () => {
  const result = parseAtQr(withField(AT_QR_EXAMPLES.real2025, 'O', '175.5'));
  expect(result).toMatchObject({ ok: true, strict: false, data: { grossTotal: 17550 } });
  expect(issueKeys(result)).toEqual(['AMOUNT_DECIMALS:O']);
});

test('a negative amount rejects the payload (SAF-T amounts are never negative)', () => {
  const result = parseAtQr(withField(AT_QR_EXAMPLES.real2025, 'P', '-1.00'));
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['BAD_FORMAT:P']);
});

test('formatCents writes two decimals and no thousands separator', () => {
  expect(formatCents(0)).toBe('0.00');
  expect(formatCents(5)).toBe('0.05');
  expect(formatCents(1234)).toBe('12.34');
  expect(formatCents(51360058)).toBe('513600.58');
  expect(formatCents(999999999999999)).toBe('9999999999999.99');
});

test.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
  'formatCents refuses %s',
  (cents) => {
    expect(() => formatCents(cents)).toThrow(RangeError);
  },
);

test('every whole number of cents survives formatCents → parseAmount exactly', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (cents) => {
      expect(parseAmount('N', formatCents(cents))).toEqual({ cents, issues: [] });
    }),
    { numRuns: 5000 },
  );
});

test('euros and cents written as text read as euros × 100 + cents, with no float drift', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 9_999_999_999_999 }),
      fc.integer({ min: 0, max: 99 }),
      (euros, cents) => {
        const text = `${euros}.${String(cents).padStart(2, '0')}`;
        expect(parseAmount('N', text).cents).toBe(euros * 100 + cents);
        expect(codes(text)).toEqual([]);
      },
    ),
    { numRuns: 5000 },
  );
});
