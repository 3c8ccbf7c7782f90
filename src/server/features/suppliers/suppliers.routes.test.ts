import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import type { PlanId } from '#shared/plans.ts';
import type { SupplierInput } from '#shared/schemas/supplier.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { SupplierDto, SupplierListItemDto } from './supplier-dto.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';

let t: TestApp;
let cookie: string;
let api: InvoiceApi;
let accountId: string;
let otherApi: InvoiceApi;
let otherAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'fornecedores@exemplo.pt');
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
  // The scanner's look-up is Personal's automatic capture.
  await setPlan(accountId, 'professional');
  const otherCookie = await signUpVerified(t, 'outra@exemplo.pt');
  otherApi = invoiceApi(t, otherCookie);
  otherAccountId = await accountIdOf(t, otherCookie);
});

afterAll(() => t.close());

async function setPlan(id: string, planId: PlanId) {
  await grantPlan({ db: t.db.db, events: t.events }, { accountId: id, planId });
}

const body = (overrides: Partial<SupplierInput> = {}): SupplierInput => ({
  name: 'Ginásio Forma, Lda',
  nif: nextNif(),
  ...overrides,
});

async function create(overrides: Partial<SupplierInput> = {}): Promise<SupplierDto> {
  const res = await api.send('POST', '/api/suppliers', body(overrides));
  expect(res.status).toBe(201);
  return res.json();
}

test('a supplier is found by its NIF, spaces allowed, with its name and category', async () => {
  const supplier = await insertSupplier(t.db.db, accountId, {
    name: 'Padaria Central, Lda',
    category: 'Alimentação e Supermercados',
  });
  const spaced = `${supplier.nif.slice(0, 3)} ${supplier.nif.slice(3, 6)} ${supplier.nif.slice(6)}`;
  const res = await api.get(`/api/suppliers/lookup?nif=${encodeURIComponent(spaced)}`);
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
    const res = await api.get(`/api/suppliers/lookup?nif=${nif}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ supplier: null });
  }
  const missing = await api.get('/api/suppliers/lookup');
  expect(missing.status).toBe(400);
  expect((await errorOf(missing)).code).toBe('VALIDATION');
});

test('on Gratuito the look-up is refused as the automatic capture it is, naming Personal', async () => {
  const freeApi = invoiceApi(t, await signUpVerified(t, 'captura@exemplo.pt'));
  const res = await freeApi.get('/api/suppliers/lookup?nif=509442013');
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({
    code: 'PLAN_REQUIRED',
    message: 'A captura automática de NIF está disponível a partir do plano Personal.',
    details: {
      feature: 'autoComplete',
      requiredPlan: 'professional',
      upgradeUrl: '/subscription?autostart=professional',
    },
  });
});

test('every suppliers route needs a session', async () => {
  const id = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
  const requests: Array<[string, string]> = [
    ['GET', '/api/suppliers/lookup?nif=509442013'],
    ['GET', '/api/suppliers'],
    ['GET', `/api/suppliers/${id}`],
    ['GET', '/api/suppliers/by-nif/509442013'],
  ];
  for (const [method, path] of requests) {
    expect((await t.app.request(path, { method })).status).toBe(401);
  }
  const anonymous = await t.client.api.suppliers.$post({ json: body() });
  expect(anonymous.status).toBe(401);
});

test('a supplier is created with every field of the form and read back', async () => {
  await setPlan(accountId, 'professional');
  const nif = nextNif();
  const res = await api.send('POST', '/api/suppliers', {
    name: '  Ginásio Forma, Lda ',
    nif: `${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}`,
    category: 'Saúde e Bem-estar',
    mainCategory: 'Poupanca',
    email: 'Geral@Ginasio.pt',
    phone: '+351 912 345 678',
    notifyByEmail: true,
    sendCopy: true,
    customTemplate: 'Olá, o pagamento foi feito.',
    tags: [{ name: 'Mensal', color: 'teal' }, { name: 'Sem cor' }],
    limit: {
      amountCents: 5000,
      active: true,
      period: 'mensal',
      resetDay: 1,
      autoRenew: true,
      timezone: 'Atlantic/Azores',
    },
  } satisfies SupplierInput);
  expect(res.status).toBe(201);
  const created: SupplierDto = await res.json();
  expect(created).toEqual({
    id: expect.any(String),
    nif,
    name: 'Ginásio Forma, Lda',
    category: 'Saúde e Bem-estar',
    mainCategory: 'Poupanca',
    email: 'geral@ginasio.pt',
    phone: '+351 912 345 678',
    notifyByEmail: true,
    sendCopy: true,
    customTemplate: 'Olá, o pagamento foi feito.',
    tags: [{ name: 'Mensal', color: 'teal' }, { name: 'Sem cor' }],
    limit: {
      amountCents: 5000,
      active: true,
      period: 'mensal',
      start: null,
      end: null,
      autoRenew: true,
      resetDay: 1,
      timezone: 'Atlantic/Azores',
    },
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  } satisfies SupplierDto);

  const read = await api.get(`/api/suppliers/${created.id}`);
  expect(read.status).toBe(200);
  const item: SupplierListItemDto = await read.json();
  expect(item).toMatchObject({ ...created, invoiceCount: 0 });
  expect(item.spending).toMatchObject({ spentCents: 0, limitCents: 5000, percentage: 0 });
  await setPlan(accountId, 'free');
});

test.each([
  [{ name: '  ' }, 'name', 'Nome é obrigatório'],
  [{ nif: '12345678' }, 'nif', 'NIF deve ter 9 caracteres'],
  [{ email: 'geral@' }, 'email', 'Email inválido'],
  [
    { limit: { amountCents: -100 } },
    'limit.amountCents',
    'Limite de despesa deve ser um número válido',
  ],
  [
    { limit: { period: 'personalizado', start: '2026-03-10', end: '2026-03-01' } },
    'limit.end',
    'A data de fim deve ser posterior à data de início',
  ],
  [{ limit: { resetDay: 32 } }, 'limit.resetDay', 'O dia de renovação deve estar entre 1 e 31'],
  [{ limit: { timezone: 'Lisboa' } }, 'limit.timezone', 'Fuso horário inválido'],
  [{ tags: [{ name: 'a' }, { name: 'A' }] }, 'tags.1.name', 'Já existe uma etiqueta com este nome'],
] as const)('%o is refused with 400 at %s: "%s"', async (override, path, message) => {
  const res = await api.send('POST', '/api/suppliers', { ...body(), ...override });
  expect(res.status).toBe(400);
  expect(await errorOf(res)).toEqual({
    code: 'VALIDATION',
    message,
    issues: [{ path, message }],
  });
});

test('a NIF with a wrong check digit is refused: a wrong NIF is a wrong fiscal record', async () => {
  const res = await api.send('POST', '/api/suppliers', body({ nif: '123456780' }));
  expect(res.status).toBe(400);
  expect((await errorOf(res)).message).toBe(
    'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto',
  );
});

test('one supplier per NIF per account: a second one is 409, another account may have it', async () => {
  const first = await create();
  const again = await api.send('POST', '/api/suppliers', body({ nif: first.nif, name: 'Outro' }));
  expect(again.status).toBe(409);
  expect(await errorOf(again)).toEqual({
    code: 'SUPPLIER_EXISTS',
    message: 'Já existe um fornecedor com este NIF',
  });
  const elsewhere = await otherApi.send('POST', '/api/suppliers', body({ nif: first.nif }));
  expect(elsewhere.status).toBe(201);

  // Nor may an edit take another supplier's NIF.
  const second = await create();
  const taken = await api.send('PATCH', `/api/suppliers/${second.id}`, body({ nif: first.nif }));
  expect(taken.status).toBe(409);
  expect((await errorOf(taken)).message).toBe('Já existe um fornecedor com este NIF');
});

test('a spending limit needs a paid plan: 403 on Gratuito, accepted on Personal', async () => {
  const cookieFree = await signUpVerified(t, 'gratuito@exemplo.pt');
  const freeApi = invoiceApi(t, cookieFree);
  const freeId = await accountIdOf(t, cookieFree);
  const planRequired = {
    code: 'PLAN_REQUIRED',
    message: 'Os limites de despesa estão disponíveis a partir do plano Personal.',
    details: {
      feature: 'spendingLimits',
      requiredPlan: 'professional',
      upgradeUrl: '/subscription?autostart=professional',
    },
  };
  for (const limit of [{ active: true }, { amountCents: 10_000 }]) {
    const res = await freeApi.send('POST', '/api/suppliers', body({ limit }));
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual(planRequired);
  }
  // The other limit fields alone are not a limit.
  const plain = await freeApi.send(
    'POST',
    '/api/suppliers',
    body({ limit: { amountCents: 0, active: false, period: 'semanal', autoRenew: false } }),
  );
  expect(plain.status).toBe(201);
  const plainSupplier: SupplierDto = await plain.json();
  const addLimit = await freeApi.send(
    'PATCH',
    `/api/suppliers/${plainSupplier.id}`,
    body({ nif: plainSupplier.nif, limit: { active: true, amountCents: 5000 } }),
  );
  expect(addLimit.status).toBe(403);

  await setPlan(freeId, 'professional');
  const limit = { active: true, amountCents: 10_000 };
  const paid = await freeApi.send('POST', '/api/suppliers', body({ limit }));
  expect(paid.status).toBe(201);
  const withLimit: SupplierDto = await paid.json();
  expect(withLimit.limit).toMatchObject(limit);

  // Back on Gratuito, the supplier stays editable while its limit is left as it is …
  await setPlan(freeId, 'free');
  const rename = await freeApi.send(
    'PATCH',
    `/api/suppliers/${withLimit.id}`,
    body({ name: 'Novo nome', nif: withLimit.nif, limit }),
  );
  expect(rename.status).toBe(200);
  expect(((await rename.json()) as SupplierDto).name).toBe('Novo nome');
  // … but the limit cannot be raised, and it is not counted.
  const raise = await freeApi.send(
    'PATCH',
    `/api/suppliers/${withLimit.id}`,
    body({ nif: withLimit.nif, limit: { ...limit, amountCents: 20_000 } }),
  );
  expect(raise.status).toBe(403);
  expect(await errorOf(raise)).toEqual(planRequired);
  const item: SupplierListItemDto = await (
    await freeApi.get(`/api/suppliers/${withLimit.id}`)
  ).json();
  expect(item.spending).toBeNull();
});

test('an edit replaces every editable field; what it leaves out goes back to the default', async () => {
  const created = await create({
    email: 'a@exemplo.pt',
    phone: '912345678',
    notifyByEmail: true,
    tags: [{ name: 'Velha', color: 'red' }],
    category: 'Casa e Serviços',
  });
  const res = await api.send('PATCH', `/api/suppliers/${created.id}`, {
    name: 'Ginásio Renovado',
    nif: created.nif,
    tags: [{ name: 'Nova', color: 'emerald' }],
  } satisfies SupplierInput);
  expect(res.status).toBe(200);
  const updated: SupplierDto = await res.json();
  expect(updated).toEqual({
    ...created,
    name: 'Ginásio Renovado',
    email: null,
    phone: null,
    notifyByEmail: false,
    category: null,
    tags: [{ name: 'Nova', color: 'emerald' }],
    updatedAt: expect.any(String),
  });
  expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  const invalid = await api.send('PATCH', `/api/suppliers/${created.id}`, { nif: created.nif });
  expect(invalid.status).toBe(400);
  expect((await errorOf(invalid)).message).toBe('Nome é obrigatório');
});

test('a deleted supplier is gone, and its invoices stay', async () => {
  const created = await create();
  const invoice = await insertInvoice(t.db.db, accountId, { supplierNif: created.nif });
  const res = await api.send('DELETE', `/api/suppliers/${created.id}`);
  expect(res.status).toBe(204);
  const gone = await api.get(`/api/suppliers/${created.id}`);
  expect(gone.status).toBe(404);
  expect(await errorOf(gone)).toEqual({
    code: 'SUPPLIER_NOT_FOUND',
    message: 'Fornecedor não encontrado',
  });
  expect((await api.send('DELETE', `/api/suppliers/${created.id}`)).status).toBe(404);
  const kept = await t.db.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  expect(kept).toHaveLength(1);
});

test("another account's supplier is a 404 to read, edit or delete, and never listed", async () => {
  const foreign = await insertSupplier(t.db.db, otherAccountId, { name: 'Segredo Alheio' });
  expect((await api.get(`/api/suppliers/${foreign.id}`)).status).toBe(404);
  const edit = await api.send('PATCH', `/api/suppliers/${foreign.id}`, body({ nif: foreign.nif }));
  expect(edit.status).toBe(404);
  expect((await api.send('DELETE', `/api/suppliers/${foreign.id}`)).status).toBe(404);
  const list: { items: SupplierListItemDto[] } = await (await api.get('/api/suppliers')).json();
  expect(list.items.map((s) => s.id)).not.toContain(foreign.id);
  const searched: { items: SupplierListItemDto[] } = await (
    await api.get('/api/suppliers?search=segredo')
  ).json();
  expect(searched.items).toEqual([]);
  const byNif = await (await api.get(`/api/suppliers/by-nif/${foreign.nif}`)).json();
  expect(byNif.supplier).toBeNull();
  // Still there for its owner.
  expect((await otherApi.get(`/api/suppliers/${foreign.id}`)).status).toBe(200);
  // A malformed id names nothing.
  expect((await api.get('/api/suppliers/nao-e-um-id')).status).toBe(404);
  expect((await api.send('DELETE', '/api/suppliers/nao-e-um-id')).status).toBe(404);
});

test('creating, editing and deleting a supplier tell the account (suppliers.changed)', async () => {
  const heard: AccountEvent[] = [];
  const otherHeard: AccountEvent[] = [];
  const unsubscribe = t.events.subscribe(accountId, (event) => heard.push(event));
  const unsubscribeOther = t.events.subscribe(otherAccountId, (event) => otherHeard.push(event));
  const created = await create();
  await api.send('PATCH', `/api/suppliers/${created.id}`, body({ nif: created.nif }));
  await api.send('DELETE', `/api/suppliers/${created.id}`);
  // A refused change tells nobody.
  await api.send('POST', '/api/suppliers', body({ name: '' }));
  await vi.waitFor(() => expect(heard).toHaveLength(3));
  unsubscribe();
  unsubscribeOther();
  const changed = { type: 'suppliers.changed', ids: [created.id] };
  expect(heard).toEqual([changed, changed, changed]);
  expect(otherHeard).toEqual([]);
});
