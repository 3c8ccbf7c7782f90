import { expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from './examples.ts';
import { parseAtQr } from './parse-at-qr.ts';
import { expectAccepted, issueKeys, taxRegion } from './test-helpers.ts';

const head = 'A:508136695*B:999999990*C:PT*D:FT*E:N*F:20250917*G:FT 2025A/341*H:KXTP8ZQ2-341';
const tail = 'Q:pNaK*R:1287';
const payload = (...middle: string[]) => [head, ...middle, tail].join('*');

test('the region is the value of x1, not the block letter: I1:PT-MA is Madeira in the first block', () => {
  const result = expectAccepted(
    parseAtQr(payload('I1:PT-MA', 'I7:100.00', 'I8:22.00', 'N:22.00', 'O:122.00')),
  );
  expect(result.strict).toBe(true);
  expect(result.data.taxRegions).toEqual([taxRegion('PT-MA', { normal: [10000, 2200] })]);
});

test('blocks keep their order and each its own amounts', () => {
  const result = expectAccepted(
    parseAtQr(payload('I1:ES', 'I2:1.00', 'J1:PT', 'J4:0.06', 'N:0.06', 'O:1.06')),
  );
  expect(result.strict).toBe(true);
  expect(result.data.taxRegions).toEqual([
    taxRegion('ES', { exempt: 100 }),
    taxRegion('PT', { reduced: [null, 6] }),
  ]);
  expect(result.data.vat).toBe(6);
});

test('a VAT amount without its base is accepted (example 5.6 shape)', () => {
  const result = expectAccepted(parseAtQr(payload('I1:PT-MA', 'I6:26.50', 'N:26.50', 'O:26.50')));
  expect(result.strict).toBe(true);
  expect(result.data.taxRegions).toEqual([taxRegion('PT-MA', { intermediate: [null, 2650] })]);
});

test('a fiscal space with no amounts at all is allowed', () => {
  const result = parseAtQr(payload('I1:PT', 'L:10.00', 'N:0.00', 'O:10.00'));
  expect(result).toMatchObject({ ok: true, strict: true, data: { taxRegions: [taxRegion('PT')] } });
});

test('I1:0 (no VAT) is strict on its own and keeps the region "0"', () => {
  const result = expectAccepted(parseAtQr(AT_QR_EXAMPLES.documentoTransporte));
  expect(result.strict).toBe(true);
  expect(result.data.taxRegions).toEqual([taxRegion('0')]);
});

test('I1:0 followed by VAT amounts or more fiscal spaces is accepted with a warning', () => {
  const withAmounts = parseAtQr(payload('I1:0', 'I7:10.00', 'I8:2.30', 'N:2.30', 'O:12.30'));
  expect(withAmounts).toMatchObject({ ok: true, strict: false });
  expect(issueKeys(withAmounts)).toEqual(['NO_VAT_REGION_WITH_AMOUNTS:I1']);
  const withSpace = parseAtQr(payload('I1:0', 'J1:PT', 'N:0.00', 'O:0.00'));
  expect(issueKeys(withSpace)).toEqual(['NO_VAT_REGION_WITH_AMOUNTS:I1']);
});

test('an island-only payload (J1 without I1) is accepted with a warning and region PT-AC', () => {
  const result = expectAccepted(
    parseAtQr(payload('J1:PT-AC', 'J7:100.00', 'J8:16.00', 'N:16.00', 'O:116.00')),
  );
  expect(result.strict).toBe(false);
  expect(issueKeys(result)).toEqual(['ISLAND_ONLY_FISCAL_SPACE:J1']);
  expect(result.issues[0]?.severity).toBe('warning');
  expect(result.data.taxRegions).toEqual([taxRegion('PT-AC', { normal: [10000, 1600] })]);
});

test('an island-only payload with K1 only is accepted with a warning and region PT-MA', () => {
  const result = expectAccepted(
    parseAtQr(payload('K1:PT-MA', 'K7:100.00', 'K8:22.00', 'N:22.00', 'O:122.00')),
  );
  expect(issueKeys(result)).toEqual(['ISLAND_ONLY_FISCAL_SPACE:K1']);
  expect(result.data.taxRegions).toEqual([taxRegion('PT-MA', { normal: [10000, 2200] })]);
});

test('K1 without J1 is accepted with a FISCAL_SPACE_GAP warning', () => {
  const result = expectAccepted(parseAtQr(payload('I1:PT', 'K1:PT-MA', 'N:0.00', 'O:0.00')));
  expect(issueKeys(result)).toEqual(['FISCAL_SPACE_GAP:K1']);
  expect(result.data.taxRegions.map((r) => r.region)).toEqual(['PT', 'PT-MA']);
});

test('no fiscal space at all rejects the payload', () => {
  const result = parseAtQr(payload('N:0.00', 'O:0.00'));
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual(['NO_FISCAL_SPACE']);
  expect(result.issues[0]?.message).toBe(
    'O código QR não indica nenhum espaço fiscal (campo I1, J1 ou K1).',
  );
});

test('amounts of a block whose region is missing reject the payload', () => {
  const result = parseAtQr(payload('I7:10.00', 'J1:PT-AC', 'N:0.00', 'O:10.00'));
  expect(result.ok).toBe(false);
  expect(issueKeys(result)).toEqual([
    'FISCAL_SPACE_WITHOUT_REGION:I7',
    'ISLAND_ONLY_FISCAL_SPACE:J1',
  ]);
});
