// People's NIFs and suppliers' emails encrypted at rest (issue 19.3, ADR 028), through the API
// as the web uses it: what the database holds (raw rows, every column), what the API answers,
// the look-ups that compare hashes (own spending), the start-up backfill of rows written before,
// the account export, and a database read with the wrong key. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { exportAccount } from '#server/features/account-data/account-export.ts';
import { particularSignUp, postJson, signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { formatNif } from '#shared/nif.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { nextNif, nextPersonNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createRandomKeyCipher } from './encryption-key.ts';
import { sealClearValues } from './sealed-backfill.ts';
import { rawRowById, rawRowsOf } from './sealed-test-helpers.ts';

let t: SignedInTestApp;
let api: InvoiceApi;
const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-sealed-'));

beforeAll(async () => {
  t = await createTestApp({ plan: 'enterprise_500' });
  api = invoiceApi(t, t.cookie);
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status).toBe(status);
  return (await answer.json()) as T;
}

type InvoiceAnswer = { id: string; buyerNif: string | null };
type SupplierAnswer = { id: string; email: string | null };
type ProfileAnswer = { personalNif: string | null; companyNif: string | null };

let sequence = 0;
const newEmail = (prefix: string) => `${prefix}.${++sequence}.${Date.now()}@exemplo.pt`;

async function createSupplier(target: InvoiceApi, email: string | null) {
  return json<SupplierAnswer>(
    target.send('POST', '/api/suppliers', { name: 'Padaria Central, Lda', nif: nextNif(), email }),
    201,
  );
}

test('the personal NIF is stored encrypted: no column of the profile holds it, the API answers it', async () => {
  const nif = nextPersonNif();
  const changed = await json<ProfileAnswer>(
    api.send('PATCH', '/api/profile', { personalNif: nif }),
  );
  expect(changed.personalNif).toBe(nif);
  expect((await json<ProfileAnswer>(api.get('/api/profile'))).personalNif).toBe(nif);

  const [row] = await rawRowsOf(t.db.db, 'profiles', t.accountId);
  expect(row?.text).not.toContain(nif);
  expect(row).toMatchObject({
    personal_nif: null,
    personal_nif_encrypted: expect.stringMatching(/^v1\./),
    personal_nif_hash: expect.stringMatching(/^h1\./),
  });

  // Cleared: nothing of it is left, hash included.
  await json(api.send('PATCH', '/api/profile', { personalNif: null }));
  expect((await rawRowsOf(t.db.db, 'profiles', t.accountId))[0]).toMatchObject({
    personal_nif: null,
    personal_nif_encrypted: null,
    personal_nif_hash: null,
  });
});

test('the NIF given at sign-up is stored encrypted too', async () => {
  const nif = nextPersonNif();
  const email = newEmail('adesao');
  const res = await postJson(
    t,
    '/api/account/sign-up',
    particularSignUp(email, { personalNif: nif }),
  );
  expect(res.status).toBe(201);
  const [profile] = await t.db.db
    .select({ accountId: profiles.accountId })
    .from(profiles)
    .where(eq(profiles.email, email));
  const [row] = await rawRowsOf(t.db.db, 'profiles', profile?.accountId ?? '');
  expect(row?.personal_nif_encrypted).toMatch(/^v1\./);
  expect(row?.text).not.toContain(nif);
});

test("a private buyer's NIF is stored encrypted; a company's stays in the clear, each with its hash", async () => {
  const person = nextPersonNif();
  const company = nextNif();
  const mine = await json<InvoiceAnswer>(
    api.send('POST', '/api/invoices', invoiceBody({ buyerNif: person })),
    201,
  );
  expect(mine.buyerNif).toBe(person);
  const row = await rawRowById(t.db.db, 'invoices', t.accountId, mine.id);
  expect(row.text).not.toContain(person);
  expect(row).toMatchObject({
    buyer_nif: null,
    buyer_nif_encrypted: expect.stringMatching(/^v1\./),
    buyer_nif_hash: expect.stringMatching(/^h1\./),
  });
  expect((await json<InvoiceAnswer>(api.get(`/api/invoices/${mine.id}`))).buyerNif).toBe(person);
  const list = await json<{ items: InvoiceAnswer[] }>(api.get('/api/invoices?limit=100'));
  expect(list.items.find((item) => item.id === mine.id)?.buyerNif).toBe(person);

  const theirs = await json<InvoiceAnswer>(
    api.send('POST', '/api/invoices', invoiceBody({ buyerNif: company })),
    201,
  );
  expect(theirs.buyerNif).toBe(company);
  expect(await rawRowById(t.db.db, 'invoices', t.accountId, theirs.id)).toMatchObject({
    buyer_nif: company,
    buyer_nif_encrypted: null,
    buyer_nif_hash: expect.stringMatching(/^h1\./),
  });
});

test("a supplier's email is stored encrypted when created and when changed; the API answers it", async () => {
  const [first, second] = [newEmail('geral'), newEmail('contabilidade')];
  const created = await createSupplier(api, first);
  expect(created.email).toBe(first);
  const row = await rawRowById(t.db.db, 'suppliers', t.accountId, created.id);
  expect(row.text).not.toContain(first);
  expect(row).toMatchObject({ email: null, email_encrypted: expect.stringMatching(/^v1\./) });

  const changed = await json<SupplierAnswer>(
    api.send('PATCH', `/api/suppliers/${created.id}`, {
      name: 'Padaria Central, Lda',
      nif: (await json<{ nif: string }>(api.get(`/api/suppliers/${created.id}`))).nif,
      email: second,
    }),
  );
  expect(changed.email).toBe(second);
  const after = await rawRowById(t.db.db, 'suppliers', t.accountId, created.id);
  expect(after.text).not.toContain(second);
  expect(after.text).not.toContain(first);
  expect((await json<SupplierAnswer>(api.get(`/api/suppliers/${created.id}`))).email).toBe(second);
  const list = await json<{ items: SupplierAnswer[] }>(api.get('/api/suppliers'));
  expect(list.items.find((item) => item.id === created.id)?.email).toBe(second);
});

test('own spending is found by the NIF hashes: bought with the personal NIF, sealed on both sides', async () => {
  const cookie = await signUpVerified(t, newEmail('resumo'));
  const own = invoiceApi(t, cookie);
  const personalNif = nextPersonNif();
  await json(own.send('PATCH', '/api/profile', { personalNif }));
  await json(
    own.send(
      'POST',
      '/api/invoices',
      invoiceBody({ buyerNif: personalNif, totalCents: 700, vatCents: 0 }),
    ),
    201,
  );
  await json(
    own.send(
      'POST',
      '/api/invoices',
      invoiceBody({ buyerNif: nextPersonNif(), totalCents: 90, vatCents: 0 }),
    ),
    201,
  );
  await json(
    own.send('POST', '/api/invoices', invoiceBody({ buyerNif: null, totalCents: 5, vatCents: 0 })),
    201,
  );
  const summary = await json<{
    totals: { ownCents: number; ownCount: number; hasOwnNif: boolean };
  }>(own.get('/api/summary'));
  expect(summary.totals).toMatchObject({ ownCents: 700, ownCount: 1, hasOwnNif: true });
});

test('the start-up backfill encrypts what was stored in the clear before, once', async () => {
  const cookie = await signUpVerified(t, newEmail('antiga'));
  const accountId = await accountIdOf(t, cookie);
  const old = invoiceApi(t, cookie);
  const [personalNif, buyer, companyNif] = [nextPersonNif(), nextPersonNif(), nextNif()];
  const email = newEmail('fornecedor-antigo');
  // As a server before migration 0019 wrote them: in the clear, no hash.
  await t.db.db
    .update(profiles)
    .set({ legacyPersonalNif: personalNif, companyNif, companyNifHash: null })
    .where(eq(profiles.accountId, accountId));
  const mine = await insertInvoice(t.db.db, accountId, {
    issueDate: invoiceBody().issueDate,
    totalCents: 300,
    buyerNifClear: personalNif,
  });
  const other = await insertInvoice(t.db.db, accountId, { buyerNifClear: buyer });
  const company = await insertInvoice(t.db.db, accountId, {
    issueDate: invoiceBody().issueDate,
    totalCents: 40,
    buyerNifClear: companyNif,
  });
  const supplier = await insertSupplier(t.db.db, accountId, { legacyEmail: email });
  // Read as they are until then.
  expect((await json<ProfileAnswer>(old.get('/api/profile'))).personalNif).toBe(personalNif);

  const sealed = await sealClearValues(t.db.db, t.cipher);
  expect(sealed.profiles).toBeGreaterThanOrEqual(1);
  expect(sealed.invoices).toBeGreaterThanOrEqual(3);
  expect(sealed.suppliers).toBeGreaterThanOrEqual(1);
  expect(await sealClearValues(t.db.db, t.cipher)).toEqual({
    profiles: 0,
    invoices: 0,
    suppliers: 0,
  });

  const [profile] = await rawRowsOf(t.db.db, 'profiles', accountId);
  expect(profile?.text).not.toContain(personalNif);
  expect(profile).toMatchObject({
    personal_nif: null,
    company_nif: companyNif,
    company_nif_hash: expect.stringMatching(/^h1\./),
  });
  for (const [id, nif] of [
    [mine.id, personalNif],
    [other.id, buyer],
  ] as const) {
    const row = await rawRowById(t.db.db, 'invoices', accountId, id);
    expect(row.text).not.toContain(nif);
    expect(row.buyer_nif_hash).toMatch(/^h1\./);
  }
  expect(await rawRowById(t.db.db, 'invoices', accountId, company.id)).toMatchObject({
    buyer_nif: companyNif,
    buyer_nif_hash: expect.stringMatching(/^h1\./),
  });
  const supplierRow = await rawRowById(t.db.db, 'suppliers', accountId, supplier.id);
  expect(supplierRow.text).not.toContain(email);

  // Read back through the API, and compared by hash in the summary.
  expect((await json<ProfileAnswer>(old.get('/api/profile'))).personalNif).toBe(personalNif);
  expect((await json<InvoiceAnswer>(old.get(`/api/invoices/${other.id}`))).buyerNif).toBe(buyer);
  expect((await json<SupplierAnswer>(old.get(`/api/suppliers/${supplier.id}`))).email).toBe(email);
  const summary = await json<{ totals: { ownCents: number } }>(old.get('/api/summary'));
  expect(summary.totals.ownCents).toBe(340);
});

test("the account's export holds its NIFs and emails readable, not their sealed text or hashes", async () => {
  const cookie = await signUpVerified(t, newEmail('exporta'));
  const accountId = await accountIdOf(t, cookie);
  const own = invoiceApi(t, cookie);
  const [personalNif, buyer, email] = [nextPersonNif(), nextPersonNif(), newEmail('exportado')];
  await json(own.send('PATCH', '/api/profile', { personalNif }));
  await json(own.send('POST', '/api/invoices', invoiceBody({ buyerNif: buyer })), 201);
  await createSupplier(own, email);

  const chunks: string[] = [];
  await exportAccount(
    {
      db: t.db.db,
      storage: createStorage({ root: filesDir, secret: 's'.repeat(40) }),
      cipher: t.cipher,
      now: () => new Date(),
    },
    { accountId, userId: accountId, email: 'x@exemplo.pt' },
    {
      addFile: async () => {},
      addText: async (_name, text) => {
        for await (const chunk of text) chunks.push(chunk);
      },
      isClosed: () => false,
    },
  );
  const document = JSON.parse(chunks.join('')) as {
    tables: Record<string, Array<Record<string, unknown>>>;
  };
  expect(document.tables.profiles?.[0]).toMatchObject({ personal_nif: personalNif });
  expect(document.tables.invoices?.[0]).toMatchObject({ buyer_nif: buyer });
  // The invoice's supplier was created on the fly, without an email; the other has one.
  expect(document.tables.suppliers?.map((row) => row.email)).toContain(email);
  const text = chunks.join('');
  for (const hidden of ['_encrypted', '_hash', '"v1.', '"h1.']) expect(text).not.toContain(hidden);
});

test('read with another key, the values answer (encriptado) and nothing fails', async () => {
  const cookie = await signUpVerified(t, newEmail('outra-chave'));
  const own = invoiceApi(t, cookie);
  const personalNif = nextPersonNif();
  await json(own.send('PATCH', '/api/profile', { personalNif }));
  const invoice = await json<InvoiceAnswer>(
    own.send('POST', '/api/invoices', invoiceBody({ buyerNif: nextPersonNif() })),
    201,
  );
  const supplier = await createSupplier(own, newEmail('ilegivel'));
  await json(
    own.send('PATCH', `/api/suppliers/${supplier.id}`, {
      name: 'Padaria Central, Lda',
      nif: (await json<{ nif: string }>(own.get(`/api/suppliers/${supplier.id}`))).nif,
      email: newEmail('ilegivel'),
      notifyByEmail: true,
    }),
  );
  const { nif: supplierNif } = await json<{ nif: string }>(
    own.get(`/api/suppliers/${supplier.id}`),
  );
  const paid = await json<InvoiceAnswer>(
    own.send('POST', '/api/invoices', invoiceBody({ supplierNif })),
    201,
  );

  // The same database and session, served by an app with another key.
  const other = await createTestApp({ db: t.db, cipher: createRandomKeyCipher() });
  try {
    const elsewhere = invoiceApi(other, cookie);
    const profile = await json<ProfileAnswer>(elsewhere.get('/api/profile'));
    expect(profile.personalNif).toMatch(/^v1\./);
    expect(formatNif(profile.personalNif)).toMatch(/^v1\.\S{17}… \(encriptado\)$/);
    const read = await json<InvoiceAnswer>(elsewhere.get(`/api/invoices/${invoice.id}`));
    expect(formatNif(read.buyerNif)).toMatch(/… \(encriptado\)$/);
    const list = await json<{ items: SupplierAnswer[] }>(elsewhere.get('/api/suppliers'));
    expect(list.items.find((s) => s.id === supplier.id)?.email).toBe('(encriptado)');
    // Paying cannot email an address no key opens: the payment stands, the send failed.
    const payment = await json<{ notification: { outcome: string } | null }>(
      elsewhere.send('POST', `/api/invoices/${paid.id}/payment`, { paid: true, method: 'Cartão' }),
    );
    expect(payment.notification?.outcome).toBe('failed');
  } finally {
    await other.close();
  }
});
