import fc from 'fast-check';
import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './examples.ts';
import { FIELD_CODES, MANDATORY_FIELDS } from './fields.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { expectAccepted, expectData, issueKeys, withField } from './test-helpers.ts';

const strictPayload = AT_QR_EXAMPLES.real2025;

test.each([
  ['an empty string', ''],
  ['only whitespace', ' \r\n\t'],
  ['a web address', 'https://faturas.portaldasfinancas.gov.pt'],
  ['an EAN barcode', '5601234567890'],
  ['fields starting with B', 'B:999999990*A:508136695*C:PT'],
  ['A with no digit', 'A:NIF*B:999999990'],
  ['a lowercase a', strictPayload.toLowerCase()],
  ['an empty A', 'A:*B:999999990'],
])('%s is not an AT QR and gets exactly one NOT_AT_QR error', (_, input) => {
  const result = parseAtQr(input);
  expect(result).toEqual({
    ok: false,
    issues: [
      {
        code: 'NOT_AT_QR',
        severity: 'error',
        message: 'Este código QR não é o código QR de uma fatura da Autoridade Tributária.',
      },
    ],
  });
});

test('surrounding whitespace, CR/LF and a BOM are trimmed silently and raw is the trimmed input', () => {
  const result = expectAccepted(parseAtQr(`\uFEFF  ${strictPayload}\r\n`));
  expect(result.strict).toBe(true);
  expect(result.data.raw).toBe(strictPayload);
});

test('a quote_plus-encoded payload is decoded and accepted with a URL_ENCODED warning', () => {
  const encoded = encodeURIComponent(AT_QR_EXAMPLES.fatura)
    .replaceAll('*', '%2A')
    .replaceAll('%20', '+');
  expect(encoded).toMatch(/^A%3A123456789%2AB%3A/);
  const result = expectAccepted(parseAtQr(encoded));
  expect(issueKeys(result)).toEqual(['URL_ENCODED']);
  expect(result.strict).toBe(false);
  expect(result.data.documentNumber).toBe('FT AB2019/0035');
  expect(result.data.raw).toBe(encoded);
  const plain = expectData(parseAtQr(AT_QR_EXAMPLES.fatura));
  expect({ ...result.data, raw: '' }).toEqual({ ...plain, raw: '' });
});

test('an encodeURIComponent payload (stars left as is) is decoded, keeping a hash with / and +', () => {
  const payload = withField(AT_QR_EXAMPLES.faturaProForma, 'Q', 'r+fY');
  const data = expectData(parseAtQr(encodeURIComponent(payload)));
  expect(data.hash).toBe('r+fY');
  expect(data.documentNumber).toBe('PF G2019CB/145789');
});

test('a URL-encoded payload that is not an AT QR is NOT_AT_QR, without the decoding warning', () => {
  expect(issueKeys(parseAtQr('B%3A999999990%2AA%3A1'))).toEqual(['NOT_AT_QR']);
  expect(issueKeys(parseAtQr('hello%2Aworld'))).toEqual(['NOT_AT_QR']);
});

const mandatoryAfterA = [
  ['B', 'NIF do adquirente'],
  ['C', 'País do adquirente'],
  ['D', 'Tipo de documento'],
  ['E', 'Estado do documento'],
  ['F', 'Data do documento'],
  ['G', 'Identificação única do documento'],
  ['H', 'ATCUD'],
  ['N', 'Total de impostos'],
  ['O', 'Total do documento com impostos'],
  ['Q', '4 carateres do Hash'],
  ['R', 'Nº do certificado'],
] as const;

test('the mandatory fields are A, I1 and exactly those listed below', () => {
  expect([...MANDATORY_FIELDS].sort()).toEqual(
    ['A', 'I1', ...mandatoryAfterA.map(([c]) => c)].sort(),
  );
});

test.each(mandatoryAfterA)(
  'a payload without the mandatory field %s (%s) is rejected',
  (code, label) => {
    const result = parseAtQr(withField(strictPayload, code, null));
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([
      {
        code: 'MISSING_FIELD',
        severity: 'error',
        field: code,
        message: `Falta o campo obrigatório ${code} (${label}).`,
      },
    ]);
  },
);

test('a rejected payload lists every problem found, not only the first', () => {
  const broken = withField(withField(strictPayload, 'F', '20251340'), 'R', null);
  const result = parseAtQr(`${broken}*T:1`);
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['UNKNOWN_FIELD:T', 'MISSING_FIELD:R', 'BAD_FORMAT:F']);
});

test('a payload with only warnings is accepted but not strict', () => {
  const result = parseAtQr(withField(strictPayload, 'I7', '142,68'));
  expect(result).toMatchObject({ ok: true, strict: false });
  expect(result.issues.map((issue) => issue.severity)).toEqual(['warning']);
});

test('parsing never throws and always answers with a well-formed result, whatever the string', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (input) => {
      const result = parseAtQr(input);
      if (result.ok) expect(typeof result.strict).toBe('boolean');
      else expect(result.issues.some((issue) => issue.severity === 'error')).toBe(true);
    }),
    { numRuns: 2000 },
  );
});

const segment = fc.tuple(
  fc.oneof(fc.constantFrom(...FIELD_CODES), fc.string({ maxLength: 3 })),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.stringMatching(/^ ?\d{1,14}([.,]\d{0,4})? ?$/),
    fc.constantFrom('PT', 'PT-AC', '0', '20240229', 'FT A/1', 'ABCDEFGH-1', '999999990'),
  ),
);

test('parsing never throws on near-valid payloads built from real codes and tricky values', () => {
  fc.assert(
    fc.property(fc.array(segment, { maxLength: 45 }), fc.boolean(), (segments, trailingStar) => {
      const body = segments.map(([code, value]) => `${code}:${value}`).join('*');
      const result = parseAtQr(`A:508136695*${body}${trailingStar ? '*' : ''}`);
      expect(result.ok || result.issues.some((issue) => issue.severity === 'error')).toBe(true);
      if (result.ok) expect(result.strict).toBe(result.issues.length === 0);
    }),
    { numRuns: 2000 },
  );
});

const realSegments = AT_QR_EXAMPLES.real2025.split('*').slice(1);

test.each(realSegments)(
  'dropping the segment %s from a real invoice gives the expected verdict',
  (dropped) => {
    const result = parseAtQr(AT_QR_EXAMPLES.real2025.replace(`*${dropped}`, ''));
    const code = dropped.slice(0, dropped.indexOf(':'));
    if (code === 'I7' || code === 'I8') {
      // Optional amounts: the document is still usable, but N or O no longer add up.
      expect(result).toMatchObject({ ok: true, strict: false });
    } else {
      expect(result.ok).toBe(false);
      expect(issueKeys(result)).toEqual(
        code === 'I1'
          ? ['FISCAL_SPACE_WITHOUT_REGION:I7', 'NO_FISCAL_SPACE']
          : [`MISSING_FIELD:${code}`],
      );
    }
  },
);
