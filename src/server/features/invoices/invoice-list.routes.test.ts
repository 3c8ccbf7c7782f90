import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { InvoiceDto } from './invoice-dto.ts';
import { accountIdOf, errorOf, invoiceApi, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;
let api: InvoiceApi;
let otherApi: InvoiceApi;

const today = todayInLisbon();
const monthStart = startOfMonth(today);
/** created_at one minute apart, so "newest created first" is predictable. */
const createdAt = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, 'lista@exemplo.pt');
  const otherCookie = await signUpVerified(t, 'vizinho@exemplo.pt');
  api = invoiceApi(t, cookie);
  otherApi = invoiceApi(t, otherCookie);
  const accountId = await accountIdOf(t, cookie);
  const otherId = await accountIdOf(t, otherCookie);
  await insertInvoices(t.db.db, accountId, [
    {
      number: 'old-paga',
      issueDate: addDays(today, -100),
      paymentStatus: 'Paga',
      isPaid: true,
      createdAt: createdAt(1),
    },
    {
      number: 'prev-venc',
      issueDate: addDays(monthStart, -3),
      paymentStatus: 'Vencida',
      createdAt: createdAt(2),
    },
    {
      number: 'cur-pend',
      issueDate: monthStart,
      // Not due yet (a week away, so not urgent either): Pendente is what it shows.
      dueDate: addDays(today, 7),
      supplierName: 'Mercearia Lopes',
      totalCents: 12_300,
      createdAt: createdAt(3),
    },
    {
      number: 'cur-paga',
      issueDate: monthStart,
      paymentStatus: 'Paga',
      isPaid: true,
      paymentMethod: 'Dinheiro',
      totalCents: 5_000,
      createdAt: createdAt(4),
    },
    {
      number: 'cur-nc',
      documentType: 'NC',
      issueDate: monthStart,
      paymentStatus: 'Paga',
      isPaid: true,
      totalCents: 1_000,
      vatCents: 0,
      createdAt: createdAt(5),
    },
  ]);
  await insertSupplier(t.db.db, accountId);
  await insertSupplier(t.db.db, accountId);
  await insertInvoices(t.db.db, otherId, [
    { number: 'alheia-1', issueDate: monthStart, supplierName: 'Mercearia Lopes' },
    { number: 'alheia-2', issueDate: addDays(monthStart, -3), paymentStatus: 'Vencida' },
  ]);
  await insertSupplier(t.db.db, otherId);
});

afterAll(async () => {
  await t.close();
});

async function list(
  query: string,
  as = api,
): Promise<{ items: InvoiceDto[]; nextCursor: string | null }> {
  const res = await as.get(`/api/invoices${query}`);
  expect(res.status).toBe(200);
  return res.json();
}
const numbers = (page: { items: InvoiceDto[] }) => page.items.map((i) => i.number);

test('the default list is every invoice of the account, highlighted first, then newest created', async () => {
  const page = await list('');
  expect(numbers(page)).toEqual(['prev-venc', 'cur-nc', 'cur-paga', 'cur-pend', 'old-paga']);
  expect(page.items.map((i) => i.isHighlighted)).toEqual([true, false, false, false, false]);
  expect(page.nextCursor).toBeNull();
});

test('periods filter on the issue date; "Este mês" adds the earlier unpaid invoices', async () => {
  expect(numbers(await list('?period=thisMonth'))).toEqual([
    'prev-venc',
    'cur-nc',
    'cur-paga',
    'cur-pend',
  ]);
  expect(numbers(await list('?period=previousMonths'))).toEqual(['prev-venc', 'old-paga']);
  const recent = numbers(await list('?period=last30days'));
  expect(recent).toEqual(expect.arrayContaining(['cur-nc', 'cur-paga', 'cur-pend']));
  expect(recent).not.toContain('old-paga');
});

test('status chips and search narrow the list', async () => {
  expect(numbers(await list('?status=Paga'))).toEqual(['cur-nc', 'cur-paga', 'old-paga']);
  expect(numbers(await list('?status=Pendente,Vencida'))).toEqual(['prev-venc', 'cur-pend']);
  expect(numbers(await list('?search=MERCEARIA'))).toEqual(['cur-pend']);
  expect(numbers(await list('?search=cur-pa'))).toEqual(['cur-paga']);
  const bad = await api.get('/api/invoices?status=Talvez');
  expect(bad.status).toBe(400);
});

test('pages follow the cursor; a forged cursor is a 400', async () => {
  const first = await list('?limit=2');
  expect(numbers(first)).toEqual(['prev-venc', 'cur-nc']);
  expect(first.nextCursor).not.toBeNull();
  const second = await list(`?limit=2&cursor=${first.nextCursor ?? ''}`);
  expect(numbers(second)).toEqual(['cur-paga', 'cur-pend']);
  const forged = await api.get('/api/invoices?cursor=abc');
  expect(forged.status).toBe(400);
  expect((await errorOf(forged)).code).toBe('INVALID_CURSOR');
});

test("another account's invoices never appear, in any period or search", async () => {
  for (const query of ['', '?period=thisMonth', '?period=previousMonths', '?search=alheia']) {
    const found = numbers(await list(query));
    expect(found).not.toContain('alheia-1');
    expect(found).not.toContain('alheia-2');
  }
  expect(numbers(await list('', otherApi))).toEqual(['alheia-2', 'alheia-1']);
});

test('stats count and total per status with credit notes subtracting', async () => {
  const res = await api.get('/api/invoices/stats?period=thisMonth');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    byStatus: {
      Pendente: { count: 1, totalCents: 12_300 },
      Paga: { count: 2, totalCents: 4_000 },
      Vencida: { count: 0, totalCents: 0 },
    },
    urgent: { count: 0, totalCents: 0 },
    invoiceCount: 5,
    supplierCount: 2,
  });
  const all = await (await api.get('/api/invoices/stats')).json();
  expect(all.byStatus.Vencida).toEqual({ count: 1, totalCents: 12_300 });
  expect(all.byStatus.Paga).toEqual({ count: 3, totalCents: 16_300 });
});

test("a listed or opened invoice carries its supplier's category and tags, matched by NIF in this account only", async () => {
  const cookie = await signUpVerified(t, 'fornecedor-junto@exemplo.pt');
  const joinApi = invoiceApi(t, cookie);
  const accountId = await accountIdOf(t, cookie);
  const neighbourId = await accountIdOf(t, await signUpVerified(t, 'outro-nif@exemplo.pt'));
  const known = await insertSupplier(t.db.db, accountId, {
    category: 'Restaurantes e Cafeterias',
    tags: [{ name: 'almoços', color: 'orange' }],
  });
  // The same NIF registered by another account must not leak into this one.
  const strangerNif = (
    await insertSupplier(t.db.db, neighbourId, { category: 'Saúde e Bem-estar' })
  ).nif;
  const [withSupplier, withoutSupplier] = await insertInvoices(t.db.db, accountId, [
    { supplierNif: known.nif, createdAt: createdAt(50) },
    { supplierNif: strangerNif, createdAt: createdAt(51) },
  ]);

  const list: { items: InvoiceDto[] } = await (await joinApi.get('/api/invoices')).json();
  const byId = new Map(list.items.map((item) => [item.id, item]));
  expect(byId.get(withSupplier!.id)?.supplier).toEqual({
    id: known.id,
    name: known.name,
    category: 'Restaurantes e Cafeterias',
    tags: [{ name: 'almoços', color: 'orange' }],
    spending: null,
  });
  expect(byId.get(withoutSupplier!.id)?.supplier).toBeNull();

  const one: InvoiceDto = await (await joinApi.get(`/api/invoices/${withSupplier!.id}`)).json();
  expect(one.supplier?.category).toBe('Restaurantes e Cafeterias');
});
