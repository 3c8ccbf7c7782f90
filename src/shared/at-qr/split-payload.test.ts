import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { decodeUrlEncoding } from './split-payload.ts';
import { expectAccepted, expectData, issueKeys, withField } from './test-helpers.ts';

const base = AT_QR_EXAMPLES.real2025;

test('a value is split on the first colon only, so S keeps its own colons', () => {
  const result = expectAccepted(parseAtQr(withField(base, 'S', 'MB;Ref: 12:30;175.50')));
  expect(result.strict).toBe(true);
  expect(result.data.otherInfo).toBe('MB;Ref: 12:30;175.50');
});

test('a document number containing a colon is kept whole', () => {
  const payload = withField(withField(base, 'G', 'FT A:B/341'), 'H', 'KXTP8ZQ2-341');
  const result = expectAccepted(parseAtQr(payload));
  expect(result.strict).toBe(true);
  expect(result.data.documentNumber).toBe('FT A:B/341');
});

test('S keeps its ;-separated items verbatim', () => {
  const data = expectData(parseAtQr(AT_QR_EXAMPLES.fatura));
  expect(data.otherInfo?.split(';')).toEqual(['TB', 'PT00000000000000000000000', '513500.58']);
});

test('an unknown code such as T: rejects the payload', () => {
  const result = parseAtQr(`${base}*T:1`);
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['UNKNOWN_FIELD:T']);
  expect(result.issues[0]?.message).toBe('O campo «T» não existe na especificação da AT.');
});

test.each(['I9', 'b', 'I', ' B', 'AA'])('the unknown code %j rejects the payload', (code) => {
  const result = parseAtQr(`${base}*${code}:1`);
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toContain(`UNKNOWN_FIELD:${code}`);
});

test('a duplicated field rejects the payload even with the same value', () => {
  const result = parseAtQr(base.replace('*C:PT', '*C:PT*C:PT'));
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['DUPLICATE_FIELD:C']);
});

test('a field out of the canonical order rejects the payload', () => {
  const swapped = base.replace('B:999999990*C:PT', 'C:PT*B:999999990');
  const result = parseAtQr(swapped);
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['OUT_OF_ORDER:B']);
});

test('a fiscal-space block placed after the totals is out of order', () => {
  const moved = base.replace('*I8:32.82', '').replace('*Q:', '*I8:32.82*Q:');
  expect(issueKeys(parseAtQr(moved))).toEqual(['OUT_OF_ORDER:I8']);
});

test('the canonical order itself passes the order check (control case)', () => {
  expect(parseAtQr(base)).toMatchObject({ ok: true, strict: true, issues: [] });
});

test('a segment without a colon, or with an empty code, rejects the payload', () => {
  expect(issueKeys(parseAtQr(base.replace('*C:PT', '*CPT')))).toEqual([
    'MALFORMED_FIELD',
    'MISSING_FIELD:C',
  ]);
  expect(issueKeys(parseAtQr(`${base}*:x`))).toEqual(['MALFORMED_FIELD']);
});

test('a trailing or doubled * is ignored with one EMPTY_SEGMENT warning', () => {
  const result = expectAccepted(parseAtQr(`${base.replace('*C:PT', '**C:PT')}*`));
  expect(issueKeys(result)).toEqual(['EMPTY_SEGMENT']);
  expect(result.data.buyerCountry).toBe('PT');
});

test('leading and trailing spaces in any value are trimmed with warnings', () => {
  const payload = withField(withField(base, 'B', '  999999990'), 'Q', 'pNaK ');
  const result = expectAccepted(parseAtQr(payload));
  expect(issueKeys(result)).toEqual(['LEADING_SPACE:B', 'TRAILING_SPACE:Q']);
  expect(result.data).toMatchObject({ buyerNif: '999999990', hash: 'pNaK' });
});

test('spaces inside a value are kept (G: FT 2025A/341)', () => {
  expect(expectData(parseAtQr(base)).documentNumber).toBe('FT 2025A/341');
});

test('an empty mandatory field rejects the payload', () => {
  const result = parseAtQr(withField(base, 'G', ''));
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['EMPTY_FIELD:G']);
});

test('an empty optional field is ignored with a warning', () => {
  const result = expectAccepted(parseAtQr(withField(base, 'P', ' ')));
  expect(issueKeys(result)).toEqual(['EMPTY_OPTIONAL_FIELD:P']);
  expect(result.data.withholding).toBeNull();
});

test.each([
  ['B', '1'.repeat(30), '1'.repeat(31)],
  ['C', 'Desconhecido', 'Desconhecido1'],
  ['G', `FT ${'A'.repeat(53)}/341`, `FT ${'A'.repeat(54)}/341`],
  ['H', `${'K'.repeat(66)}-341`, `${'K'.repeat(67)}-341`],
  ['S', 'x'.repeat(65), 'x'.repeat(66)],
  ['P', '1234567890123.45', '12345678901234.50'],
  ['R', '1287', '12870'],
  ['A', '508136695', '5081366950'],
])('field %s accepts its maximum length and rejects one more character', (code, fits, tooLong) => {
  const accepted = parseAtQr(withField(base, code, fits));
  expect(issueKeys(accepted).filter((key) => key.startsWith('TOO_LONG'))).toEqual([]);
  expect(accepted.ok).toBe(true);
  const rejected = parseAtQr(withField(base, code, tooLong));
  expect(rejected.ok).toBe(false);
  expect(issueKeys(rejected)).toContain(`TOO_LONG:${code}`);
});

test('decodeUrlEncoding leaves a plain payload alone', () => {
  expect(decodeUrlEncoding(base)).toBeNull();
  expect(decodeUrlEncoding(withField(base, 'S', 'desconto 10%2A'))).toBeNull();
});

test('decodeUrlEncoding turns + into spaces and %XX into characters', () => {
  expect(decodeUrlEncoding('A%3A1%2AG%3AFT+A%2F1%2AQ%3Ar%2BfY')).toBe('A:1*G:FT A/1*Q:r+fY');
});

test('decodeUrlEncoding survives a stray percent sign', () => {
  expect(decodeUrlEncoding('A%3A1%2AS%3A10%+desconto')).toBe('A:1*S:10% desconto');
});
