import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  authSessions,
  cmvSales,
  invoiceVatLines,
  invoices,
  savingsGoals,
  suppliers,
} from '#server/db/schema/index.ts';
import { cookiesOf, postJson, signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  errorOf,
  invoiceApi,
  invoiceBody,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { monthOfDate } from '#shared/calendar-months.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { DEMO_ACCOUNT_ID, DEMO_MESSAGES } from '#shared/demo.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { buildDemoData } from './demo-data.ts';
import { ensureDemoAccount } from './demo-seed.queries.ts';

let t: TestApp;
let demoCookie: string;

async function startDemo(): Promise<Response> {
  return postJson(t, '/api/demo/session', {});
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await startDemo();
  expect(res.status).toBe(200);
  demoCookie = cookiesOf(res);
});

afterAll(() => t.close());

const demo = () => invoiceApi(t, demoCookie);

async function countOf(table: typeof invoices | typeof cmvSales | typeof suppliers) {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.accountId, DEMO_ACCOUNT_ID));
  return row?.n ?? 0;
}

test("'Ver demo' signs into the demo company, filled with a year of data", async () => {
  const profile = await (await demo().get('/api/profile')).json();
  expect(profile).toMatchObject({
    accountId: DEMO_ACCOUNT_ID,
    accountType: 'empresa',
    companyName: 'Mercearia Flor de Sal, Lda',
    planId: 'enterprise_500',
  });
  const expected = buildDemoData(todayInLisbon());
  expect(await countOf(invoices)).toBe(expected.invoices.length);
  expect(expected.invoices.length).toBeGreaterThan(150);
  const rows = await t.db.db.select().from(invoices).where(eq(invoices.accountId, DEMO_ACCOUNT_ID));
  expect(rows.filter((r) => r.documentType === 'NC').length).toBeGreaterThanOrEqual(2);
  expect(rows.some((r) => r.paymentStatus === 'Vencida')).toBe(true);
  expect(rows.some((r) => r.paymentStatus === 'Pendente')).toBe(true);
  const months = new Set(rows.map((r) => monthOfDate(r.issueDate)));
  expect(months.size).toBe(12);
  const lines = await t.db.db
    .select()
    .from(invoiceVatLines)
    .where(eq(invoiceVatLines.accountId, DEMO_ACCOUNT_ID));
  expect(new Set(lines.map((l) => l.region))).toEqual(new Set(['PT', 'PT-MA']));
  expect(await countOf(suppliers)).toBeGreaterThanOrEqual(10);
  expect(await countOf(cmvSales)).toBeGreaterThan(250);

  // The screens read it like any account's.
  const month = monthOfDate(todayInLisbon());
  expect((await demo().get(`/api/sales/report?month=${month}`)).status).toBe(200);
  const savings = await (await demo().get('/api/savings')).json();
  expect(savings.goals).toHaveLength(2);
  expect(savings.totalSavedCents).toBeGreaterThan(0);
});

test('a second visit, and two at once, reuse the demo: it is built once a month', async () => {
  const before = await countOf(invoices);
  const [a, b] = await Promise.all([startDemo(), startDemo()]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(await countOf(invoices)).toBe(before);
  expect(await ensureDemoAccount(t.db.db, { today: todayInLisbon(), cipher: t.cipher })).toBe(
    'ready',
  );
  const [sessions] = await t.db.db
    .select({ n: count() })
    .from(authSessions)
    .where(eq(authSessions.userId, DEMO_ACCOUNT_ID));
  expect(sessions?.n).toBeGreaterThanOrEqual(3);
});

test('in a new month the demo is rebuilt so its year ends then', async () => {
  const fresh = await createTestApp();
  try {
    expect(
      await ensureDemoAccount(fresh.db.db, { today: '2025-06-15', cipher: fresh.cipher }),
    ).toBe('built');
    expect(
      await ensureDemoAccount(fresh.db.db, { today: '2025-06-30', cipher: fresh.cipher }),
    ).toBe('ready');
    expect(
      await ensureDemoAccount(fresh.db.db, { today: '2025-07-01', cipher: fresh.cipher }),
    ).toBe('built');
    const rows = await fresh.db.db
      .select({ issueDate: invoices.issueDate })
      .from(invoices)
      .where(eq(invoices.accountId, DEMO_ACCOUNT_ID));
    expect(rows.every((r) => r.issueDate >= '2024-08-01' && r.issueDate <= '2025-07-01')).toBe(
      true,
    );
    const goals = await fresh.db.db
      .select()
      .from(savingsGoals)
      .where(eq(savingsGoals.accountId, DEMO_ACCOUNT_ID));
    expect(goals).toHaveLength(2);
  } finally {
    await fresh.close();
  }
});

/** Every state-changing route of the API, with its parameters filled in. */
function writeRoutes(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: string; path: string }> = [];
  for (const route of t.app.routes) {
    if (['ALL', 'GET', 'HEAD', 'OPTIONS'].includes(route.method)) continue;
    if (!route.path.startsWith('/api/')) continue;
    // Public or signed by their own means: sign-up, Better Auth (below), the demo itself, the
    // payment provider's webhook, the newsletter (anyone's email, no account's data).
    if (/^\/api\/(account|auth|demo|health|billing\/stripe|newsletter)\b/u.test(route.path))
      continue;
    const path = route.path.replace(/:[^/]+/gu, '00000000-0000-4000-8000-000000000001');
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path });
  }
  return routes;
}

function send(method: string, path: string, cookie: string, body: unknown = {}) {
  return t.app.request(
    path,
    {
      method,
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    },
    LOOPBACK_ENV,
  );
}

test('every write of the API is refused to the demo with a clear message, and changes nothing', async () => {
  const before = await countOf(invoices);
  const routes = writeRoutes();
  expect(routes.length).toBeGreaterThan(15);
  expect(routes).toContainEqual({ method: 'POST', path: '/api/invoices' });
  expect(routes).toContainEqual({ method: 'POST', path: '/api/sales/import' });
  for (const { method, path } of routes) {
    const res = await send(method, path, demoCookie);
    expect(res.status, `${method} ${path}`).toBe(403);
    expect(await errorOf(res), `${method} ${path}`).toEqual({
      code: 'DEMO_READ_ONLY',
      message: DEMO_MESSAGES.readOnly,
    });
  }
  // A valid invoice too, not just an empty body.
  const res = await demo().send('POST', '/api/invoices', invoiceBody());
  expect(res.status).toBe(403);
  expect(await countOf(invoices)).toBe(before);
});

test("the demo user's password, email, name and sessions cannot be changed; signing out works", async () => {
  const cases: Array<[string, unknown]> = [
    ['/api/auth/change-password', { currentPassword: 'segredo123', newPassword: 'outro12345' }],
    ['/api/auth/update-user', { name: 'Outra' }],
    ['/api/auth/change-email', { newEmail: 'nova@exemplo.pt' }],
    ['/api/auth/delete-user', {}],
    ['/api/auth/revoke-sessions', {}],
    ['/api/auth/revoke-other-sessions', {}],
    ['/api/auth/set-password', { newPassword: 'outro12345' }],
  ];
  for (const [path, body] of cases) {
    const res = await send('POST', path, demoCookie, body);
    expect(res.status, path).toBe(403);
    expect((await errorOf(res)).message, path).toBe(DEMO_MESSAGES.readOnly);
  }
  const own = cookiesOf(await startDemo());
  const out = await send('POST', '/api/auth/sign-out', own);
  expect(out.status).toBe(200);
  expect((await t.app.request('/api/profile', { headers: { cookie: own } })).status).toBe(401);
  // The other demo sessions live on.
  expect((await demo().get('/api/profile')).status).toBe(200);
});

test("the demo never shows a real account's data, nor a real account the demo's", async () => {
  const cookie = await signUpVerified(t, 'real@exemplo.pt');
  const real = invoiceApi(t, cookie);
  const { accountId } = await (await real.get('/api/profile')).json();
  const supplier = await insertSupplier(t.db.db, accountId, { name: 'Fornecedor Real, Lda' });
  const invoice = await insertInvoice(t.db.db, accountId, {
    supplierNif: supplier.nif,
    supplierName: supplier.name,
    issueDate: todayInLisbon(),
  });

  const demoInvoices = JSON.stringify(await (await demo().get('/api/invoices?period=all')).json());
  expect(demoInvoices).not.toContain(invoice.id);
  expect(demoInvoices).not.toContain('Fornecedor Real');
  const demoSuppliers = JSON.stringify(await (await demo().get('/api/suppliers')).json());
  expect(demoSuppliers).not.toContain('Fornecedor Real');
  expect((await demo().get(`/api/invoices/${invoice.id}`)).status).toBe(404);

  const realInvoices = JSON.stringify(await (await real.get('/api/invoices?period=all')).json());
  expect(realInvoices).toContain(invoice.id);
  expect(realInvoices).not.toContain('Mercearia');
  expect(realInvoices).not.toContain('Distribuidora Central');
  const [own] = await t.db.db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId)));
  expect(own?.n).toBe(1);
  // A real account's session is never the demo's, and a real user keeps writing.
  const created = await real.send('POST', '/api/invoices', invoiceBody());
  expect(created.status).toBe(201);
});

test('a demo session cannot be asked for without the same-origin headers', async () => {
  const res = await t.app.request('/api/demo/session', { method: 'POST' });
  expect(res.status).toBe(403);
});
