import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { accountIdOf, invoiceApi, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;
let api: InvoiceApi;
let otherApi: InvoiceApi;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, 'duplicados@exemplo.pt');
  const otherCookie = await signUpVerified(t, 'vizinho-dup@exemplo.pt');
  api = invoiceApi(t, cookie);
  otherApi = invoiceApi(t, otherCookie);
  const rows = await insertInvoices(t.db.db, await accountIdOf(t, cookie), [
    { number: 'FT 2026/15', supplierNif: '509442013', atcud: 'JJ3RTHNB-15' },
    { number: 'FT 2026/150', supplierNif: '509442013', atcud: null },
    { number: 'FT 2026/7', supplierNif: '123456789', atcud: 'ABCDEFGH-7' },
    { number: 'X 1/1', supplierNif: '509442013', atcud: '0' },
  ]);
  for (const row of rows) ids[row.number] = row.id;
});

afterAll(() => t.close());

async function existingId(client: InvoiceApi, query: Record<string, string>) {
  const res = await client.get(`/api/invoices/duplicate?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { existingId: string | null }).existingId;
}

test('same NIF and number, whatever the spacing typed around them', async () => {
  expect(await existingId(api, { supplierNif: '509 442 013', number: ' FT 2026/15 ' })).toBe(
    ids['FT 2026/15'],
  );
});

test('a number that only contains the typed one is not the same invoice', async () => {
  expect(await existingId(api, { supplierNif: '509442013', number: 'FT 2026/1' })).toBeNull();
});

test('same NIF and ATCUD under another number', async () => {
  expect(
    await existingId(api, {
      supplierNif: '123456789',
      number: 'FT 2026/0007',
      atcud: 'ABCDEFGH-7',
    }),
  ).toBe(ids['FT 2026/7']);
});

test('the same number from another supplier, or in another account, is a different invoice', async () => {
  expect(await existingId(api, { supplierNif: '999999990', number: 'FT 2026/15' })).toBeNull();
  expect(await existingId(otherApi, { supplierNif: '509442013', number: 'FT 2026/15' })).toBeNull();
});

test('ATCUD 0 names no series, so it never matches', async () => {
  expect(
    await existingId(api, { supplierNif: '509442013', number: 'X 1/2', atcud: '0' }),
  ).toBeNull();
});

test('the check needs a session and a NIF and number', async () => {
  expect(
    (await t.app.request('/api/invoices/duplicate?supplierNif=509442013&number=1')).status,
  ).toBe(401);
  expect((await api.get('/api/invoices/duplicate?supplierNif=123&number=1')).status).toBe(400);
  expect((await api.get('/api/invoices/duplicate?supplierNif=509442013')).status).toBe(400);
});
