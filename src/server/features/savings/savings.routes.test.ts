import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  errorOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { addMonths, firstDayOfMonth, monthOfDate } from '#shared/calendar-months.ts';
import { endOfMonth, todayInLisbon } from '#shared/dates.ts';
import { planRequiredMessage } from '#shared/capabilities.ts';
import { SAVINGS_MAIN_CATEGORY } from '#shared/domain.ts';
import type { SavingsGoalInput } from '#shared/schemas/savings.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  type ActAs,
  type SignedInTestApp,
  refusalOf,
} from '#tests/setup/test-app.ts';
import type { SavingsOverviewDto } from './savings-dto.ts';

// Two savings suppliers and one that is not, with paid deposits over the last three months, a
// withdrawal (credit note), a pending deposit and an old one; the figures below are by hand.
const today = todayInLisbon();
const M = monthOfDate(today);
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

let t: SignedInTestApp;
let api: InvoiceApi;
let bankNif: string;
let fundNif: string;
let shopNif: string;

beforeAll(async () => {
  t = await createTestApp({ plan: 'professional' });
  api = invoiceApi(t, t.cookie);
  const db = t.db.db;
  const bank = await insertSupplier(db, t.accountId, {
    name: 'Banco',
    mainCategory: SAVINGS_MAIN_CATEGORY,
  });
  const fund = await insertSupplier(db, t.accountId, {
    name: 'Fundo PPR',
    mainCategory: SAVINGS_MAIN_CATEGORY,
  });
  const shop = await insertSupplier(db, t.accountId, { name: 'Loja' });
  [bankNif, fundNif, shopNif] = [bank.nif, fund.nif, shop.nif];
  const paid = { paymentStatus: 'Paga', isPaid: true } as const;
  await insertInvoices(db, t.accountId, [
    { supplierNif: bankNif, issueDate: day(addMonths(M, -13), 5), totalCents: 100_000, ...paid },
    { supplierNif: bankNif, issueDate: day(addMonths(M, -2), 5), totalCents: 30_000, ...paid },
    { supplierNif: bankNif, issueDate: day(addMonths(M, -1), 5), totalCents: 30_000, ...paid },
    { supplierNif: bankNif, issueDate: day(M, 1), totalCents: 30_000, ...paid },
    { supplierNif: bankNif, issueDate: day(M, 1), totalCents: 10_000 },
    { supplierNif: fundNif, issueDate: day(addMonths(M, -1), 10), totalCents: 20_000, ...paid },
    {
      supplierNif: fundNif,
      issueDate: day(addMonths(M, -1), 12),
      totalCents: 5_000,
      documentType: 'NC',
      originalInvoiceRef: 'FT 1',
      ...paid,
    },
    { supplierNif: shopNif, issueDate: day(addMonths(M, -1), 5), totalCents: 99_900, ...paid },
  ]);
});

afterAll(() => t.close());

async function overview(client = api): Promise<SavingsOverviewDto> {
  const res = await client.get('/api/savings');
  expect(res.status).toBe(200);
  return res.json();
}

async function createGoal(body: SavingsGoalInput) {
  const res = await api.send('POST', '/api/savings/goals', body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the savings suppliers, the 12 months of paid savings and the pace, withdrawals subtracted', async () => {
  const data = await overview();
  expect(data.suppliers.map((s) => s.name)).toEqual(['Banco', 'Fundo PPR']);
  expect(data.months).toHaveLength(12);
  expect(data.months.at(-1)).toEqual({ month: M, savedCents: 30_000, cumulativeCents: 205_000 });
  expect(data.months.at(-2)).toEqual({
    month: addMonths(M, -1),
    savedCents: 45_000,
    cumulativeCents: 175_000,
  });
  // The deposit of 13 months ago is before the window but in the running total.
  expect(data.months[0]).toMatchObject({ savedCents: 0, cumulativeCents: 100_000 });
  expect(data.totalSavedCents).toBe(205_000);
  expect(data.thisMonthCents).toBe(30_000);
  // (300 + 450 + 300) / 3
  expect(data.monthlyPaceCents).toBe(35_000);
});

test("a goal's progress counts its suppliers' paid savings since its start, and projects the month", async () => {
  const all = await createGoal({
    name: 'Fundo de emergência',
    targetCents: 200_000,
    startDate: firstDayOfMonth(addMonths(M, -1)),
    targetDate: endOfMonth(firstDayOfMonth(addMonths(M, 5))),
  });
  const data = await overview();
  const goal = data.goals.find((g) => g.id === all);
  expect(goal).toMatchObject({
    supplierNif: null,
    supplierName: null,
    // 300 + 300 (bank) + 200 − 50 (fund) since last month; 100 pending
    savedCents: 75_000,
    pendingCents: 10_000,
    percent: 37,
    monthlyPaceCents: 35_000,
    // 1 250 left at 350 a month: the fourth month from this one, two before the target's
    projection: {
      kind: 'on-track',
      remainingCents: 125_000,
      projectedMonth: addMonths(M, 3),
      requiredMonthlyCents: 20_834,
    },
  });
});

test('a goal of one supplier counts only it; reached, late and expired goals say so', async () => {
  const reached = await createGoal({
    name: 'Férias',
    targetCents: 60_000,
    startDate: firstDayOfMonth(addMonths(M, -2)),
    targetDate: endOfMonth(firstDayOfMonth(M)),
    supplierNif: bankNif,
  });
  const late = await createGoal({
    name: 'Casa',
    targetCents: 1_000_000,
    startDate: firstDayOfMonth(addMonths(M, -1)),
    targetDate: endOfMonth(firstDayOfMonth(addMonths(M, 1))),
    supplierNif: fundNif,
  });
  const expired = await createGoal({
    name: 'Carro',
    targetCents: 1_000_000,
    startDate: '2020-01-01',
    targetDate: '2020-12-31',
  });
  const goals = new Map((await overview()).goals.map((g) => [g.id, g]));
  expect(goals.get(reached)).toMatchObject({
    supplierName: 'Banco',
    savedCents: 90_000,
    pendingCents: 10_000,
    percent: 100,
    projection: { kind: 'reached' },
  });
  expect(goals.get(late)).toMatchObject({
    savedCents: 15_000,
    monthlyPaceCents: 5_000,
    projection: {
      kind: 'late',
      remainingCents: 985_000,
      projectedMonth: addMonths(M, 196),
      requiredMonthlyCents: 492_500,
    },
  });
  expect(goals.get(expired)).toMatchObject({
    savedCents: 205_000,
    projection: { kind: 'expired', remainingCents: 795_000 },
  });
});

test('a goal is edited and deleted; an unknown one is 404', async () => {
  const id = await createGoal({
    name: 'Obras',
    targetCents: 100_000,
    startDate: '2024-01-01',
    targetDate: '2030-01-01',
  });
  const edited = await api.send('PATCH', `/api/savings/goals/${id}`, {
    name: 'Obras na loja',
    targetCents: 150_000,
    startDate: '2024-01-01',
    targetDate: '2031-06-30',
    supplierNif: fundNif,
  });
  expect(edited.status).toBe(200);
  expect((await overview()).goals.find((g) => g.id === id)).toMatchObject({
    name: 'Obras na loja',
    targetCents: 150_000,
    targetDate: '2031-06-30',
    supplierName: 'Fundo PPR',
  });
  expect((await api.send('DELETE', `/api/savings/goals/${id}`)).status).toBe(204);
  expect((await overview()).goals.some((g) => g.id === id)).toBe(false);
  expect((await api.send('DELETE', `/api/savings/goals/${id}`)).status).toBe(404);
  expect((await api.send('PATCH', '/api/savings/goals/x', { name: 'x' })).status).toBe(400);
});

test('a goal without a name, amount or sensible dates, or on a supplier that is not a savings one, is refused', async () => {
  const base = {
    name: 'Meta',
    targetCents: 1_000,
    startDate: '2025-01-01',
    targetDate: '2025-12-31',
  };
  const cases: Array<[unknown, number, string]> = [
    [{ ...base, name: '  ' }, 400, 'Nome do objetivo é obrigatório'],
    [{ ...base, targetCents: 0 }, 400, 'Valor do objetivo deve ser maior do que zero'],
    [
      { ...base, targetDate: '2024-12-31' },
      400,
      'A data do objetivo deve ser posterior à data de início',
    ],
    [{ ...base, targetDate: '' }, 400, 'Data do objetivo é obrigatória'],
    [
      { ...base, supplierNif: shopNif },
      422,
      'Escolha um fornecedor de poupança (categoria principal Poupança)',
    ],
  ];
  for (const [body, status, message] of cases) {
    const res = await api.send('POST', '/api/savings/goals', body);
    expect(res.status, message).toBe(status);
    expect((await errorOf(res)).message).toBe(message);
  }
});

test('on Gratuito the savings answer 403 PLAN_REQUIRED naming Personal', async () => {
  const free = await createTestApp({ plan: 'free', db: t.db, auth: t.auth, events: t.events });
  const client = invoiceApi(free, free.cookie);
  for (const res of [
    await client.get('/api/savings'),
    await client.send('POST', '/api/savings/goals', {
      name: 'Meta',
      targetCents: 1_000,
      startDate: '2025-01-01',
      targetDate: '2025-12-31',
    }),
  ]) {
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: 'PLAN_REQUIRED',
      message: planRequiredMessage('savings', 'professional'),
      details: {
        feature: 'savings',
        requiredPlan: 'professional',
        upgradeUrl: '/subscription?autostart=professional',
      },
    });
  }
  expect(planRequiredMessage('savings', 'professional')).toBe(
    'Os objetivos de poupança estão disponíveis a partir do plano Personal.',
  );
});

async function savingsAs(actAs: ActAs) {
  const acting = await createTestApp({ db: t.db, auth: t.auth, events: t.events, actAs });
  return acting.app.request('/api/savings', { headers: { cookie: t.cookie } });
}

test('only the main user and an administrator see the savings; a manager or a user is refused', async () => {
  for (const actAs of ['main', 'administrator'] as const) {
    expect((await savingsAs(actAs)).status, actAs).toBe(200);
  }
  for (const actAs of ['manager', 'user', 'pending'] as const) {
    const res = await savingsAs(actAs);
    expect(res.status, actAs).toBe(403);
    expect(await res.json()).toEqual({ error: refusalOf(actAs) });
  }
});
