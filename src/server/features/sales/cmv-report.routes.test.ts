import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { planRequiredMessage } from '#shared/capabilities.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  type ActAs,
  type SignedInTestApp,
  refusalOf,
} from '#tests/setup/test-app.ts';
import { jsonApi, type JsonApi } from './cmv-test-helpers.ts';
import type { CmvReportDto, ResaleCategoriesDto } from './sale-dto.ts';

// A company with goods for resale in a custom category ('Mercadorias') and a built-in one, a
// supplier of services outside them, and two months of invoices and sales, worked out by hand.
let t: SignedInTestApp;
let api: JsonApi;
let mercadoriasId: string;

beforeAll(async () => {
  t = await createTestApp({ plan: 'enterprise_500' });
  api = jsonApi(t, t.cookie);
  const db = t.db.db;
  mercadoriasId = (await insertCustomCategory(db, t.accountId, { name: 'Mercadorias' })).id;
  const goods = await insertSupplier(db, t.accountId, {
    name: 'Grossista',
    category: 'Mercadorias',
  });
  // Matched without letter case, as the summary matches categories.
  const food = await insertSupplier(db, t.accountId, {
    name: 'Padaria',
    category: 'alimentação e supermercados',
  });
  const services = await insertSupplier(db, t.accountId, {
    name: 'Eletricidade',
    category: 'Casa e Serviços',
  });
  await insertInvoices(db, t.accountId, [
    // March 2025: 1 000,00 + 500,00 − 100,00 of goods without VAT.
    { supplierNif: goods.nif, issueDate: '2025-03-03', totalCents: 123_000, vatCents: 23_000 },
    {
      supplierNif: goods.nif,
      issueDate: '2025-03-20',
      totalCents: 12_300,
      vatCents: 2_300,
      documentType: 'NC',
      originalInvoiceRef: 'FT A/1',
    },
    {
      supplierNif: food.nif,
      issueDate: '2025-03-31',
      totalCents: 53_000,
      vatCents: 3_000,
      paymentStatus: 'Paga',
      isPaid: true,
    },
    { supplierNif: services.nif, issueDate: '2025-03-10', totalCents: 24_600, vatCents: 4_600 },
    { supplierNif: null, issueDate: '2025-03-11', totalCents: 10_000, vatCents: 0 },
    // February: 500,00 of goods.
    { supplierNif: goods.nif, issueDate: '2025-02-28', totalCents: 61_500, vatCents: 11_500 },
    // April: after the report's last month.
    { supplierNif: goods.nif, issueDate: '2025-04-01', totalCents: 99_900, vatCents: 9_900 },
  ]);
  for (const sale of [
    { date: '2025-03-01', salesValueCents: 200_000, vatCollectedCents: 25_000 },
    { date: '2025-03-15', salesValueCents: 100_000, vatCollectedCents: 12_000 },
    { date: '2025-02-10', salesValueCents: 80_000, vatCollectedCents: 9_000 },
    { date: '2025-04-02', salesValueCents: 1, vatCollectedCents: 0 },
  ]) {
    expect((await api.send('POST', '/api/sales', sale)).status).toBe(201);
  }
  const marked = await api.send('PUT', '/api/sales/resale-categories', {
    builtIn: ['Alimentação e Supermercados'],
    customIds: [mercadoriasId],
  });
  expect(marked.status).toBe(200);

  // Another account with a supplier of the same NIF in the same category and month.
  const other = await createTestApp({
    plan: 'enterprise_500',
    db: t.db,
    auth: t.auth,
    events: t.events,
  });
  const otherCategory = await insertCustomCategory(db, other.accountId, { name: 'Mercadorias' });
  await insertSupplier(db, other.accountId, { nif: goods.nif, category: 'Mercadorias' });
  await insertInvoices(db, other.accountId, [
    { supplierNif: goods.nif, issueDate: '2025-03-05', totalCents: 1_000_000, vatCents: 0 },
  ]);
  await jsonApi(other, other.cookie).send('PUT', '/api/sales/resale-categories', {
    builtIn: [],
    customIds: [otherCategory.id],
  });
});

afterAll(() => t.close());

async function report(month: string): Promise<CmvReportDto> {
  const res = await api.get(`/api/sales/report?month=${month}`);
  expect(res.status).toBe(200);
  return res.json();
}

test('the month: sales, cost of goods sold without VAT, gross margin and VAT as computed by hand', async () => {
  const { current, resaleCategoryCount } = await report('2025-03');
  expect(resaleCategoryCount).toBe(2);
  expect(current).toEqual({
    month: '2025-03',
    salesCents: 300_000,
    vatCollectedCents: 37_000,
    salesDays: 2,
    // 1 000,00 − 100,00 (credit note) + 500,00
    cmvCents: 140_000,
    grossMarginCents: 160_000,
    // 1 600 / 3 000 = 53,33 %
    marginPercent: 53.3,
    // 230 − 23 + 30 + 46 + 0: every invoice of the month, the credit note negative
    vatDeductibleCents: 28_300,
    vatBalanceCents: 8_700,
  });
});

test('the 12 months end with the chosen one, oldest first, empty months at zero', async () => {
  const { months } = await report('2025-03');
  expect(months.map((m) => m.month)).toEqual([
    '2024-04',
    '2024-05',
    '2024-06',
    '2024-07',
    '2024-08',
    '2024-09',
    '2024-10',
    '2024-11',
    '2024-12',
    '2025-01',
    '2025-02',
    '2025-03',
  ]);
  expect(months[10]).toEqual({
    month: '2025-02',
    salesCents: 80_000,
    vatCollectedCents: 9_000,
    salesDays: 1,
    cmvCents: 50_000,
    grossMarginCents: 30_000,
    marginPercent: 37.5,
    vatDeductibleCents: 11_500,
    vatBalanceCents: -2_500,
  });
  expect(months[9]).toMatchObject({ salesCents: 0, cmvCents: 0, marginPercent: null });
});

test('the categories are listed with their mark and suppliers; the marks are replaced as a whole', async () => {
  const res = await api.get('/api/sales/resale-categories');
  const { categories } = (await res.json()) as ResaleCategoriesDto;
  expect(categories).toHaveLength(11);
  expect(
    categories.filter((c) => c.isResale).map((c) => [c.kind, c.name, c.supplierCount]),
  ).toEqual([
    ['built-in', 'Alimentação e Supermercados', 1],
    ['custom', 'Mercadorias', 1],
  ]);
  expect(categories.find((c) => c.name === 'Casa e Serviços')).toMatchObject({
    isResale: false,
    supplierCount: 1,
  });

  const onlyCustom = await api.send('PUT', '/api/sales/resale-categories', {
    builtIn: [],
    customIds: [mercadoriasId],
  });
  expect(onlyCustom.status).toBe(200);
  expect((await report('2025-03')).current.cmvCents).toBe(90_000);

  const unknown = await api.send('PUT', '/api/sales/resale-categories', {
    builtIn: [],
    customIds: ['00000000-0000-4000-8000-000000000000'],
  });
  expect(unknown.status).toBe(404);
  expect((await errorOf(unknown)).message).toBe('Categoria não encontrada');
  const badName = await api.send('PUT', '/api/sales/resale-categories', {
    builtIn: ['Mercadorias'],
    customIds: [],
  });
  expect(badName.status).toBe(400);
  expect((await errorOf(badName)).message).toBe('Categoria desconhecida');

  await api.send('PUT', '/api/sales/resale-categories', {
    builtIn: ['Alimentação e Supermercados'],
    customIds: [mercadoriasId],
  });
});

test('a renamed custom category keeps its mark; a deleted one loses it with its suppliers', async () => {
  const renamed = await api.send('PATCH', `/api/categories/${mercadoriasId}`, {
    name: 'Mercadoria para revenda',
    icon: 'tag',
    color: 'slate',
  });
  expect(renamed.status).toBe(200);
  expect((await report('2025-03')).current.cmvCents).toBe(140_000);

  expect((await api.send('DELETE', `/api/categories/${mercadoriasId}`)).status).toBe(204);
  const after = await report('2025-03');
  expect(after.current.cmvCents).toBe(50_000);
  expect(after.resaleCategoryCount).toBe(1);
});

async function reportAs(actAs: ActAs) {
  const acting = await createTestApp({ db: t.db, auth: t.auth, events: t.events, actAs });
  return acting.app.request('/api/sales/report?month=2025-03', { headers: { cookie: t.cookie } });
}

test('the main user, an administrator and a manager open the CMV; a user or nobody yet cannot', async () => {
  for (const actAs of ['main', 'administrator', 'manager'] as const) {
    expect((await reportAs(actAs)).status, actAs).toBe(200);
  }
  for (const actAs of ['user', 'pending'] as const) {
    const res = await reportAs(actAs);
    expect(res.status, actAs).toBe(403);
    expect(await res.json()).toEqual({ error: refusalOf(actAs) });
  }
});

test('on Gratuito and on Personal every CMV route answers 403 PLAN_REQUIRED naming Empresarial', async () => {
  for (const plan of ['free', 'professional'] as const) {
    const account = await createTestApp({ plan, db: t.db, auth: t.auth, events: t.events });
    const client = jsonApi(account, account.cookie);
    for (const res of [
      await client.get('/api/sales/report?month=2025-03'),
      await client.get('/api/sales?month=2025-03'),
      await client.get('/api/sales/resale-categories'),
      await client.send('POST', '/api/sales', { date: '2025-03-01', salesValueCents: 1 }),
      await client.send('POST', '/api/sales/import', { csv: '01/03/2025;1,00;0' }),
    ]) {
      expect(res.status, plan).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'PLAN_REQUIRED',
        message: planRequiredMessage('cmv', 'enterprise_500'),
        details: {
          feature: 'cmv',
          requiredPlan: 'enterprise_500',
          upgradeUrl: '/subscription?autostart=enterprise_500',
        },
      });
    }
  }
});
