import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { InvoiceDto } from '#server/features/invoices/invoice-dto.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import {
  addDays,
  endOfMonth,
  endOfWeekSunday,
  startOfMonth,
  startOfWeekMonday,
  todayInLisbon,
} from '#shared/dates.ts';
import type { PlanId } from '#shared/plans.ts';
import { limitPeriodRange } from '#shared/spending-limit.ts';
import { insertInvoices, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier, type SupplierOverrides } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { SupplierListItemDto, SupplierTotalsDto } from './supplier-dto.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';

let t: TestApp;
let sequence = 0;

const today = todayInLisbon();
const monthStart = startOfMonth(today);

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

type Account = { api: InvoiceApi; accountId: string };

/** A fresh account, so each test sees only its own suppliers and invoices. */
async function newAccount(planId: PlanId = 'professional'): Promise<Account> {
  sequence += 1;
  const cookie = await signUpVerified(t, `gastos-${sequence}@exemplo.pt`);
  const accountId = await accountIdOf(t, cookie);
  await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId });
  return { api: invoiceApi(t, cookie), accountId };
}

const limited = (overrides: SupplierOverrides = {}): SupplierOverrides => ({
  spendingLimitCents: 10_000,
  spendingLimitActive: true,
  ...overrides,
});

const paid = (issueDate: string, totalCents: number, more: InvoiceOverrides = {}) => ({
  issueDate,
  totalCents,
  vatCents: 0,
  paymentStatus: 'Paga' as const,
  isPaid: true,
  ...more,
});

async function itemOf(api: InvoiceApi, id: string): Promise<SupplierListItemDto> {
  const res = await api.get(`/api/suppliers/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

test('the list counts every invoice of a supplier and sums the paid ones of this month, credit notes less', async () => {
  const { api, accountId } = await newAccount();
  const supplier = await insertSupplier(t.db.db, accountId, limited({ name: 'Talho Moderno' }));
  const nif = supplier.nif;
  await insertInvoices(t.db.db, accountId, [
    paid(today, 6_000, { supplierNif: nif }),
    paid(monthStart, 1_000, { supplierNif: nif, documentType: 'NC' }),
    { supplierNif: nif, issueDate: today, totalCents: 3_000, paymentStatus: 'Pendente' },
    { supplierNif: nif, issueDate: today, totalCents: 2_000, paymentStatus: 'Vencida' },
    paid(addDays(monthStart, -1), 5_000, { supplierNif: nif }),
  ]);
  // Another account's invoices with the same NIF count for nobody here.
  const stranger = await newAccount();
  await insertInvoices(t.db.db, stranger.accountId, [paid(today, 9_999, { supplierNif: nif })]);

  const res = await api.get('/api/suppliers');
  expect(res.status).toBe(200);
  const { items }: { items: SupplierListItemDto[] } = await res.json();
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ id: supplier.id, name: 'Talho Moderno', invoiceCount: 5 });
  expect(items[0]?.spending).toEqual({
    periodStart: monthStart,
    periodEnd: endOfMonth(today),
    spentCents: 5_000,
    limitCents: 10_000,
    percentage: 50,
    state: { key: 'within', label: 'Dentro do limite', color: 'green', warning: null },
  });
});

test('the state follows the percentage used: amber above 70, red above 85, capped at 100', async () => {
  const { api, accountId } = await newAccount();
  const cases = [
    [7_000, 70, 'Dentro do limite', null],
    [8_000, 80, 'Atenção ao limite', null],
    [9_000, 90, 'Limite excedido', 'Limite de despesa excedido'],
    [15_000, 100, 'Limite excedido', 'Limite de despesa excedido'],
  ] as const;
  for (const [spent, percentage, label, warning] of cases) {
    const supplier = await insertSupplier(t.db.db, accountId, limited());
    await insertInvoices(t.db.db, accountId, [paid(today, spent, { supplierNif: supplier.nif })]);
    const { spending } = await itemOf(api, supplier.id);
    expect(spending).toMatchObject({ spentCents: spent, percentage, state: { label, warning } });
  }
});

test('no spending is sent without a paid plan, an active limit and an amount above zero', async () => {
  const free = await newAccount('free');
  const onFree = await insertSupplier(t.db.db, free.accountId, limited());
  await insertInvoices(t.db.db, free.accountId, [paid(today, 500, { supplierNif: onFree.nif })]);
  const freeItem = await itemOf(free.api, onFree.id);
  expect(freeItem).toMatchObject({ invoiceCount: 1, spending: null });

  const { api, accountId } = await newAccount();
  for (const overrides of [
    { spendingLimitActive: false },
    { spendingLimitCents: 0 },
    { spendingLimitCents: null },
  ]) {
    const supplier = await insertSupplier(t.db.db, accountId, limited(overrides));
    expect((await itemOf(api, supplier.id)).spending).toBeNull();
  }
});

test('a weekly limit counts Monday through Sunday of this week', async () => {
  const { api, accountId } = await newAccount();
  const monday = startOfWeekMonday(today);
  const supplier = await insertSupplier(
    t.db.db,
    accountId,
    limited({ spendingLimitPeriod: 'semanal' }),
  );
  await insertInvoices(t.db.db, accountId, [
    paid(monday, 1_000, { supplierNif: supplier.nif }),
    paid(addDays(monday, -1), 2_000, { supplierNif: supplier.nif }),
  ]);
  expect((await itemOf(api, supplier.id)).spending).toMatchObject({
    periodStart: monday,
    periodEnd: endOfWeekSunday(today),
    spentCents: 1_000,
  });
});

test('a monthly limit with a reset day starts on that day, not on the 1st', async () => {
  const { api, accountId } = await newAccount();
  // A reset day other than the 1st: the day after today's (the period began last month), or
  // the 2nd late in the month.
  const day = Number(today.slice(8));
  const resetDay = day < 28 ? day + 1 : 2;
  const expected = limitPeriodRange({ period: 'mensal', resetDay }, today);
  expect(expected.start).not.toBe(monthStart);
  const supplier = await insertSupplier(
    t.db.db,
    accountId,
    limited({ spendingLimitResetDay: resetDay }),
  );
  await insertInvoices(t.db.db, accountId, [
    paid(expected.start, 1_000, { supplierNif: supplier.nif }),
    paid(addDays(expected.start, -1), 2_000, { supplierNif: supplier.nif }),
  ]);
  expect((await itemOf(api, supplier.id)).spending).toMatchObject({
    periodStart: expected.start,
    periodEnd: expected.end,
    spentCents: 1_000,
  });
});

test('an ended custom period stays, ends included; with automatic renewal it rolls on to today', async () => {
  const { api, accountId } = await newAccount();
  const start = addDays(today, -40);
  const end = addDays(today, -20); // 21 days
  const custom = {
    spendingLimitPeriod: 'personalizado',
    spendingLimitStart: start,
    spendingLimitEnd: end,
  } as const;
  const frozen = await insertSupplier(
    t.db.db,
    accountId,
    limited({ ...custom, spendingLimitAutoRenew: false }),
  );
  const renewing = await insertSupplier(
    t.db.db,
    accountId,
    limited({ ...custom, spendingLimitAutoRenew: true }),
  );
  for (const nif of [frozen.nif, renewing.nif]) {
    await insertInvoices(t.db.db, accountId, [
      paid(addDays(start, -1), 1, { supplierNif: nif }),
      paid(start, 10, { supplierNif: nif }),
      paid(end, 100, { supplierNif: nif }),
      paid(addDays(end, 1), 1_000, { supplierNif: nif }),
      paid(today, 2_000, { supplierNif: nif }),
    ]);
  }
  expect((await itemOf(api, frozen.id)).spending).toMatchObject({
    periodStart: start,
    periodEnd: end,
    spentCents: 110,
  });
  expect((await itemOf(api, renewing.id)).spending).toMatchObject({
    periodStart: addDays(end, 1),
    periodEnd: addDays(end, 21),
    spentCents: 3_000,
  });
});

test('the list is in name order, whatever the accents and case, and searches name or NIF', async () => {
  const { api, accountId } = await newAccount();
  const names = ['Padaria São João', 'café Central', 'Água Serra', 'Bar do Zé'];
  const rows = [];
  for (const name of names) rows.push(await insertSupplier(t.db.db, accountId, { name }));
  const search = async (text: string) => {
    const res = await api.get(`/api/suppliers?search=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: SupplierListItemDto[] }).items.map((s) => s.name);
  };
  expect(await search('')).toEqual(['Água Serra', 'Bar do Zé', 'café Central', 'Padaria São João']);
  expect(await search('SAO JOÃO')).toEqual(['Padaria São João']);
  expect(await search('Cafe')).toEqual(['café Central']);
  expect(await search('agua')).toEqual(['Água Serra']);
  expect(await search('a')).toHaveLength(4);
  expect(await search('sem resultado')).toEqual([]);
  const nif = rows[3]?.nif ?? '';
  expect(await search(nif)).toEqual(['Bar do Zé']);
  expect(await search(`${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}`)).toEqual([
    'Bar do Zé',
  ]);
  expect(await search(nif.slice(2, 8))).toContain('Bar do Zé');
  // LIKE's wildcards are text like any other.
  expect(await search('%')).toEqual([]);
  expect(await search('_')).toEqual([]);
});

const NOT_YET_DUE = '2099-12-31';

test('by NIF: the supplier and the totals of all its invoices, credit notes negative', async () => {
  const { api, accountId } = await newAccount();
  const supplier = await insertSupplier(t.db.db, accountId, limited({ name: 'Farmácia Luz' }));
  const nif = supplier.nif;
  await insertInvoices(t.db.db, accountId, [
    paid(today, 10_000, { supplierNif: nif }),
    paid(today, 2_000, { supplierNif: nif, documentType: 'NC' }),
    // Due in the future: a Pendente invoice past its due date is shown Vencida.
    { supplierNif: nif, totalCents: 3_000, paymentStatus: 'Pendente', dueDate: NOT_YET_DUE },
    { supplierNif: nif, totalCents: 4_000, paymentStatus: 'Vencida' },
    { totalCents: 50_000, paymentStatus: 'Pendente' }, // another supplier
  ]);
  const stranger = await newAccount();
  await insertInvoices(t.db.db, stranger.accountId, [paid(today, 7_777, { supplierNif: nif })]);

  const spaced = `${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}`;
  const res = await api.get(`/api/suppliers/by-nif/${encodeURIComponent(spaced)}`);
  expect(res.status).toBe(200);
  const body: { supplier: SupplierListItemDto | null; totals: SupplierTotalsDto } =
    await res.json();
  expect(body.supplier).toMatchObject({ id: supplier.id, name: 'Farmácia Luz', invoiceCount: 4 });
  expect(body.supplier?.spending?.spentCents).toBe(8_000);
  expect(body.totals).toEqual({
    invoiceCount: 4,
    totalCents: 15_000,
    paidCents: 8_000,
    pendingCents: 3_000,
    overdueCents: 4_000,
  } satisfies SupplierTotalsDto);
});

test('by NIF without a supplier row still totals the invoices; a malformed NIF is a 400', async () => {
  const { api, accountId } = await newAccount();
  const nif = nextNif();
  await insertInvoices(t.db.db, accountId, [
    { supplierNif: nif, totalCents: 1_234, paymentStatus: 'Pendente', dueDate: NOT_YET_DUE },
  ]);
  const res = await api.get(`/api/suppliers/by-nif/${nif}`);
  expect(await res.json()).toEqual({
    supplier: null,
    totals: {
      invoiceCount: 1,
      totalCents: 1_234,
      paidCents: 0,
      pendingCents: 1_234,
      overdueCents: 0,
    },
  });
  const unknown = await api.get(`/api/suppliers/by-nif/${nextNif()}`);
  expect((await unknown.json()).totals.invoiceCount).toBe(0);
  for (const malformed of ['12345678', 'abcdefghi', '1234567890']) {
    const bad = await api.get(`/api/suppliers/by-nif/${malformed}`);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toEqual({
      code: 'VALIDATION',
      message: 'NIF deve ter 9 caracteres',
      issues: [{ path: 'nif', message: 'NIF deve ter 9 caracteres' }],
    });
  }
});

test("an invoice card carries its supplier's name, category, tags and limit panel", async () => {
  const { api, accountId } = await newAccount();
  const supplier = await insertSupplier(
    t.db.db,
    accountId,
    limited({
      name: 'Ginásio Forma',
      category: 'Saúde e Bem-estar',
      tags: [{ name: 'Mensal', color: 'teal' }],
    }),
  );
  const plain = await insertSupplier(t.db.db, accountId, { name: 'Sem Limite' });
  const [limitedInvoice, plainInvoice] = await insertInvoices(t.db.db, accountId, [
    paid(today, 9_000, { supplierNif: supplier.nif }),
    paid(today, 1_000, { supplierNif: plain.nif }),
    paid(monthStart, 500, { supplierNif: supplier.nif, documentType: 'NC' }),
    { supplierNif: supplier.nif, issueDate: today, totalCents: 4_000, paymentStatus: 'Pendente' },
  ]);
  const spending = {
    periodStart: monthStart,
    periodEnd: endOfMonth(today),
    spentCents: 8_500,
    limitCents: 10_000,
    percentage: 85,
    state: { key: 'warning', label: 'Atenção ao limite', color: 'amber', warning: null },
  };
  const { items }: { items: InvoiceDto[] } = await (await api.get('/api/invoices')).json();
  const byId = new Map(items.map((item) => [item.id, item]));
  expect(byId.get(limitedInvoice!.id)?.supplier).toEqual({
    id: supplier.id,
    name: 'Ginásio Forma',
    category: 'Saúde e Bem-estar',
    tags: [{ name: 'Mensal', color: 'teal' }],
    spending,
  });
  expect(byId.get(plainInvoice!.id)?.supplier).toEqual({
    id: plain.id,
    name: 'Sem Limite',
    category: 'Outros',
    tags: [],
    spending: null,
  });
  const one: InvoiceDto = await (await api.get(`/api/invoices/${limitedInvoice!.id}`)).json();
  expect(one.supplier?.spending).toEqual(spending);

  // On Gratuito the card shows no panel.
  await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId: 'free' });
  const onFree: InvoiceDto = await (await api.get(`/api/invoices/${limitedInvoice!.id}`)).json();
  expect(onFree.supplier).toMatchObject({ id: supplier.id, spending: null });
});

test("the invoice list filters to one supplier's NIF, with the other filters", async () => {
  const { api, accountId } = await newAccount();
  const nif = nextNif();
  const otherNif = nextNif();
  await insertInvoices(t.db.db, accountId, [
    paid(today, 100, { supplierNif: nif, number: 'A-1' }),
    { supplierNif: nif, issueDate: today, number: 'A-2', paymentStatus: 'Pendente' },
    { supplierNif: nif, issueDate: addDays(monthStart, -40), number: 'A-3' },
    paid(today, 300, { supplierNif: otherNif, number: 'B-1' }),
  ]);
  const stranger = await newAccount();
  await insertInvoices(t.db.db, stranger.accountId, [{ supplierNif: nif, number: 'X-1' }]);
  const numbers = async (query: string) => {
    const res = await api.get(`/api/invoices?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: InvoiceDto[] }).items.map((i) => i.number).sort();
  };
  expect(await numbers(`supplierNif=${nif}`)).toEqual(['A-1', 'A-2', 'A-3']);
  expect(await numbers(`supplierNif=${otherNif}`)).toEqual(['B-1']);
  expect(await numbers(`supplierNif=${nif}&status=Paga`)).toEqual(['A-1']);
  expect(await numbers(`supplierNif=${nif}&period=thisMonth&status=Paga`)).toEqual(['A-1']);
  expect(await numbers(`supplierNif=${nif}&search=A-2`)).toEqual(['A-2']);
  expect(await numbers(`supplierNif=${nextNif()}`)).toEqual([]);
  const bad = await api.get('/api/invoices?supplierNif=123');
  expect(bad.status).toBe(400);
  expect((await errorOf(bad)).message).toBe('NIF deve ter 9 caracteres');
});
