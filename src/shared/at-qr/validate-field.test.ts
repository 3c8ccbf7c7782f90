// Every per-field rule of research/pt-qr-spec §1.5, each with passing and
// failing values, checked through the public parser on a strict real invoice.
import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { issueKeys, withField } from './test-helpers.ts';
import type { AtQrResult } from './types.ts';
import { validateField } from './validate-field.ts';

// B:999999990 C:PT … H:KXTP8ZQ2-341, strict.
const base = AT_QR_EXAMPLES.real2025;
const foreignBuyer = withField(base, 'C', 'ES');

function verdict(result: AtQrResult): 'strict' | 'lenient' | 'rejected' {
  if (!result.ok) return 'rejected';
  return result.strict ? 'strict' : 'lenient';
}

test.each([
  ['A', '500000000'],
  ['A', '123456789'],
  ['B', '123456789'],
  ['B', '999999990'],
  ['C', 'Desconhecido'],
  ['C', 'XK'],
  ['C', 'BE'],
  ...['FT', 'FS', 'FR', 'NC', 'ND', 'PF', 'GT', 'GR', 'RG', 'RC', 'OR'].map((t) => ['D', t]),
  ...['N', 'S', 'A', 'R', 'F', 'T'].map((s) => ['E', s]),
  ['F', '20240229'],
  ['F', '20000229'],
  ['F', '20251231'],
  ['H', '0'],
  ['H', 'KXTP8ZQ2-341'],
  ['H', 'kxtp8zq2abc-341'],
  ['I1', 'ES'],
  ['I1', 'PT-AC'],
  ['I1', 'PT-MA'],
  ['Q', '0'],
  ['Q', 'r/fY'],
  ['Q', 'a+b/'],
  ['R', '1'],
  ['R', '0177'],
  ['S', 'MB;21312;123456789;175.50'],
])('field %s = %j passes its rule (strict)', (code, value) => {
  const result = parseAtQr(withField(base, code, value));
  expect(issueKeys(result)).toEqual([]);
  expect(verdict(result)).toBe('strict');
});

test.each([
  ['A', '508136696', 'lenient', 'ISSUER_NIF_CHECK_DIGIT'],
  ['A', '000000000', 'lenient', 'ISSUER_NIF_PREFIX'],
  ['A', '50813669', 'rejected', 'BAD_FORMAT'],
  ['A', '5081366A5', 'rejected', 'BAD_FORMAT'],
  ['B', '123456788', 'lenient', 'BUYER_NIF_CHECK_DIGIT'],
  ['B', '000000000', 'lenient', 'BUYER_NIF_PREFIX'],
  ['B', 'PT123456789', 'lenient', 'BUYER_NIF_FORMAT'],
  ['C', 'pt', 'rejected', 'BAD_FORMAT'],
  ['C', 'PRT', 'rejected', 'BAD_FORMAT'],
  ['C', 'desconhecido', 'rejected', 'BAD_FORMAT'],
  ['C', 'QQ', 'lenient', 'UNKNOWN_COUNTRY'],
  ['D', 'F1', 'rejected', 'BAD_FORMAT'],
  ['D', 'ft', 'rejected', 'BAD_FORMAT'],
  ['D', 'ZZ', 'lenient', 'UNKNOWN_DOCUMENT_TYPE'],
  ['E', 'n', 'rejected', 'BAD_FORMAT'],
  ['E', '1', 'rejected', 'BAD_FORMAT'],
  ['E', 'X', 'lenient', 'UNKNOWN_DOCUMENT_STATUS'],
  ['F', '20230229', 'rejected', 'BAD_FORMAT'],
  ['F', '21000229', 'rejected', 'BAD_FORMAT'],
  ['F', '20191301', 'rejected', 'BAD_FORMAT'],
  ['F', '20190431', 'rejected', 'BAD_FORMAT'],
  ['F', '20191200', 'rejected', 'BAD_FORMAT'],
  ['F', '2019123', 'rejected', 'BAD_FORMAT'],
  ['F', '2019-1-31', 'rejected', 'TOO_LONG'],
  ['G', 'FT2025A/341', 'lenient', 'DOCUMENT_NUMBER_FORMAT'],
  ['G', 'FT 2025A 341', 'lenient', 'DOCUMENT_NUMBER_FORMAT'],
  ['G', 'FT  2025A/341', 'lenient', 'DOCUMENT_NUMBER_FORMAT'],
  ['H', 'KXTP8-341', 'lenient', 'ATCUD_FORMAT'],
  ['H', 'KXTP8ZQ2341', 'lenient', 'ATCUD_FORMAT'],
  ['H', 'KXTP8ZQ2-34A', 'lenient', 'ATCUD_FORMAT'],
  ['I1', 'pt', 'rejected', 'BAD_FORMAT'],
  ['I1', 'P', 'rejected', 'BAD_FORMAT'],
  ['I1', 'PT-', 'rejected', 'BAD_FORMAT'],
  ['I1', 'QQ', 'lenient', 'UNKNOWN_REGION'],
  ['I1', 'ES-CN', 'lenient', 'UNKNOWN_REGION'],
  ['Q', 'abc', 'lenient', 'HASH_FORMAT'],
  ['Q', 'ab-c', 'lenient', 'HASH_FORMAT'],
  ['R', 'TODO', 'lenient', 'CERTIFICATE_FORMAT'],
  ['R', '-1', 'lenient', 'CERTIFICATE_FORMAT'],
])('field %s = %j is %s with %s', (code, value, expected, issue) => {
  const result = parseAtQr(withField(base, code, value));
  expect(verdict(result)).toBe(expected);
  expect(issueKeys(result)).toEqual([`${issue}:${code}`]);
});

test('J1 and K1 may not be 0: only the first fiscal space marks a document without VAT', () => {
  const withSecondSpace = withField(base, 'J1', 'ES');
  for (const [code, payload] of [
    ['J1', base],
    ['K1', withSecondSpace],
  ] as const) {
    const result = parseAtQr(withField(payload, code, '0'));
    expect(verdict(result)).toBe('rejected');
    expect(issueKeys(result)).toEqual([`BAD_FORMAT:${code}`]);
  }
});

test('a foreign buyer id is free-form and never NIF-checked', () => {
  for (const id of ['4443332215', 'ESX1234567Z', '123456788', 'a b-c/d']) {
    expect(verdict(parseAtQr(withField(foreignBuyer, 'B', id)))).toBe('strict');
  }
});

test('the buyer NIF is checked when C is PT, even against a valid-looking foreign id', () => {
  expect(issueKeys(parseAtQr(withField(base, 'B', '4443332215')))).toEqual(['BUYER_NIF_FORMAT:B']);
});

test('an issuer NIF with a wrong check digit keeps the data and explains the warning in pt-PT', () => {
  const result = parseAtQr(withField(base, 'A', '508136696'));
  expect(result).toMatchObject({ ok: true, strict: false, data: { issuerNif: '508136696' } });
  expect(result.issues).toEqual([
    {
      code: 'ISSUER_NIF_CHECK_DIGIT',
      severity: 'warning',
      field: 'A',
      message:
        'O NIF do emitente (508136696) tem o dígito de controlo errado. Confirme-o na fatura.',
    },
  ]);
});

test('a bad date is rejected with a message saying what was expected', () => {
  const result = parseAtQr(withField(base, 'F', '20230229'));
  expect(result.issues[0]?.message).toBe(
    'O campo F (Data do documento) tem um valor inválido («20230229»): ' +
      'esperava-se uma data válida no formato AAAAMMDD.',
  );
});

test('the issue date is a plain YYYY-MM-DD string, whatever the time zone', () => {
  const result = parseAtQr(withField(base, 'F', '20250101'));
  expect(result).toMatchObject({ ok: true, data: { issueDate: '2025-01-01' } });
});

test('validateField has no rule for S beyond its length', () => {
  expect(validateField('S', ';;;: anything', { buyerCountry: 'PT' })).toBeNull();
});
