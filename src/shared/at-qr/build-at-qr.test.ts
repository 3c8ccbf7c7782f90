import fc from 'fast-check';
import { expect, test } from 'vitest';
import { computeNifCheckDigit } from '#shared/nif.ts';
import { buildAtQr } from './build-at-qr.ts';
import { AT_DOCUMENT_STATUSES, AT_DOCUMENT_TYPES } from './code-lists.ts';
import { sumBases, sumVat } from './cross-checks.ts';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { expectData, taxRegion } from './test-helpers.ts';
import type { AtQrBuildInput } from './types.ts';

const minimal: AtQrBuildInput = {
  issuerNif: '508136695',
  buyerNif: '999999990',
  buyerCountry: 'PT',
  documentType: 'FT',
  documentStatus: 'N',
  issueDate: '2025-09-17',
  documentNumber: 'FT 2025A/341',
  atcud: 'KXTP8ZQ2-341',
  taxRegions: [taxRegion('PT', { normal: [14268, 3282] })],
  notSubject: null,
  stampDuty: null,
  totalTaxes: 3282,
  grossTotal: 17550,
  withholding: null,
  hash: 'pNaK',
  certificate: '1287',
  otherInfo: null,
};

test('builds the canonical payload: order of the table, two decimals, absent fields omitted', () => {
  expect(buildAtQr(minimal)).toBe(AT_QR_EXAMPLES.real2025);
});

const unchanged = Object.entries(AT_QR_EXAMPLES).filter(
  ([name]) => name !== 'notaDebitoRetificacao' && name !== 'regimeMargem',
);

test.each(unchanged)(
  'rebuilding the parsed example %s gives back the exact payload',
  (_, payload) => {
    expect(buildAtQr(expectData(parseAtQr(payload)))).toBe(payload);
  },
);

test('rebuilding the v1.1 examples drops the stray spaces and yields strict payloads', () => {
  const rebuilt = buildAtQr(expectData(parseAtQr(AT_QR_EXAMPLES.notaDebitoRetificacao)));
  expect(rebuilt).toBe(
    AT_QR_EXAMPLES.notaDebitoRetificacao.replace('G: ', 'G:').replace('H: ', 'H:'),
  );
  expect(parseAtQr(rebuilt)).toMatchObject({ ok: true, strict: true });
  expect(parseAtQr(buildAtQr(expectData(parseAtQr(AT_QR_EXAMPLES.regimeMargem))))).toMatchObject({
    ok: true,
    strict: true,
  });
});

test('a zero amount is written as 0.00, and a null one is left out', () => {
  const payload = buildAtQr({ ...minimal, withholding: 0, stampDuty: null });
  expect(payload).toContain('*O:175.50*P:0.00*Q:');
  expect(payload).not.toContain('M:');
});

test('fiscal spaces go to I, J, K in order, whatever their region', () => {
  const payload = buildAtQr({
    ...minimal,
    taxRegions: [
      taxRegion('FR', { exempt: 100 }),
      taxRegion('PT-MA'),
      taxRegion('PT', { reduced: [0, 0] }),
    ],
  });
  expect(payload).toContain('*H:KXTP8ZQ2-341*I1:FR*I2:1.00*J1:PT-MA*K1:PT*K3:0.00*K4:0.00*N:');
});

test('refuses data no QR can carry', () => {
  const four = Array.from({ length: 4 }, () => taxRegion('PT'));
  expect(() => buildAtQr({ ...minimal, taxRegions: four })).toThrow(RangeError);
  expect(() => buildAtQr({ ...minimal, grossTotal: -1 })).toThrow(RangeError);
  expect(() => buildAtQr({ ...minimal, totalTaxes: 12.5 })).toThrow(RangeError);
  expect(() => buildAtQr({ ...minimal, issueDate: '20250917' })).toThrow(RangeError);
});

// ---- property: any valid data survives build → parse unchanged and strict ----

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const nif = fc
  .tuple(fc.constantFrom('1', '2', '3', '5', '6', '7', '9'), digits(7))
  .map(([first, rest]) => `${first}${rest}${computeNifCheckDigit(first + rest)}`);
const cents = fc.integer({ min: 0, max: 10_000_000_000 });
const optionalCents = fc.option(cents, { nil: null });
const band = fc.record({ base: optionalCents, vat: optionalCents });
const region = fc.record({
  region: fc.constantFrom('PT', 'PT-AC', 'PT-MA', 'ES', 'FR', 'DE', 'XK'),
  exempt: optionalCents,
  reduced: band,
  intermediate: band,
  normal: band,
});
const buyer = fc.oneof(
  fc.record({ buyerCountry: fc.constant('PT'), buyerNif: fc.oneof(nif, fc.constant('999999990')) }),
  fc.record({
    buyerCountry: fc.constantFrom('ES', 'FR', 'BE', 'XK', 'Desconhecido'),
    buyerNif: fc.stringMatching(/^[A-Z0-9]{1,30}$/),
  }),
);
const document = fc
  .record({
    kind: fc.stringMatching(/^[A-Za-z0-9]{1,8}$/),
    series: fc.stringMatching(/^[A-Za-z0-9._:-]{1,20}$/),
    sequence: fc.stringMatching(/^\d{1,10}$/),
    validationCode: fc.stringMatching(/^[A-Z0-9]{8,12}$/),
    withoutAtcud: fc.boolean(),
  })
  .map(({ kind, series, sequence, validationCode, withoutAtcud }) => ({
    documentNumber: `${kind} ${series}/${sequence}`,
    atcud: withoutAtcud ? '0' : `${validationCode}-${sequence}`,
  }));
const date = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const freeText = fc
  .string({ minLength: 1, maxLength: 65 })
  .filter((text) => !text.includes('*') && text.trim() === text && text !== '');

const validData: fc.Arbitrary<AtQrBuildInput> = fc
  .record({
    issuerNif: nif,
    buyer,
    documentType: fc.constantFrom(...AT_DOCUMENT_TYPES),
    documentStatus: fc.constantFrom(...AT_DOCUMENT_STATUSES),
    issueDate: date,
    document,
    taxRegions: fc.oneof(
      fc.constant(null).map(() => [taxRegion('0')]),
      fc.array(region, { minLength: 1, maxLength: 3 }),
    ),
    notSubject: optionalCents,
    stampDuty: optionalCents,
    withholding: optionalCents,
    hash: fc.oneof(fc.constant('0'), fc.stringMatching(/^[A-Za-z0-9+/]{4}$/)),
    certificate: fc.stringMatching(/^\d{1,4}$/),
    otherInfo: fc.option(freeText, { nil: null }),
  })
  .map(({ buyer: party, document: doc, ...rest }) => {
    const totalTaxes = sumVat(rest.taxRegions) + (rest.stampDuty ?? 0);
    const grossTotal = sumBases(rest.taxRegions) + (rest.notSubject ?? 0) + totalTaxes;
    return { ...rest, ...party, ...doc, totalTaxes, grossTotal };
  });

test('any valid data survives buildAtQr → parseAtQr unchanged and strict', () => {
  fc.assert(
    fc.property(validData, (input) => {
      const payload = buildAtQr(input);
      expect(parseAtQr(payload)).toEqual({
        ok: true,
        strict: true,
        issues: [],
        data: { ...input, raw: payload, total: input.grossTotal, vat: sumVat(input.taxRegions) },
      });
    }),
    { numRuns: 1000 },
  );
});

test('building what was parsed gives back the same payload (build is parse’s inverse)', () => {
  fc.assert(
    fc.property(validData, (input) => {
      const payload = buildAtQr(input);
      expect(buildAtQr(expectData(parseAtQr(payload)))).toBe(payload);
    }),
    { numRuns: 300 },
  );
});
