import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let cookie: string;
let accountId: string;
let otherAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'fornecedores@exemplo.pt');
  accountId = await accountIdOf(t, cookie);
  otherAccountId = await accountIdOf(t, await signUpVerified(t, 'outra@exemplo.pt'));
});

afterAll(() => t.close());

test('a supplier is found by its NIF, spaces allowed, with its name and category', async () => {
  const supplier = await insertSupplier(t.db.db, accountId, {
    name: 'Padaria Central, Lda',
    category: 'Alimentação e Supermercados',
  });
  const spaced = `${supplier.nif.slice(0, 3)} ${supplier.nif.slice(3, 6)} ${supplier.nif.slice(6)}`;
  const res = await invoiceApi(t, cookie).get(
    `/api/suppliers/lookup?nif=${encodeURIComponent(spaced)}`,
  );
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    supplier: {
      id: supplier.id,
      nif: supplier.nif,
      name: 'Padaria Central, Lda',
      category: 'Alimentação e Supermercados',
    },
  });
});

test("another account's supplier, an unknown NIF and a malformed one find nothing", async () => {
  const foreign = await insertSupplier(t.db.db, otherAccountId, { name: 'Alheio' });
  for (const nif of [foreign.nif, '123456789', 'abc']) {
    const res = await invoiceApi(t, cookie).get(`/api/suppliers/lookup?nif=${nif}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ supplier: null });
  }
  const missing = await invoiceApi(t, cookie).get('/api/suppliers/lookup');
  expect(missing.status).toBe(400);
  expect((await errorOf(missing)).code).toBe('VALIDATION');
});

test('the look-up needs a session', async () => {
  expect((await t.app.request('/api/suppliers/lookup?nif=509442013')).status).toBe(401);
});
