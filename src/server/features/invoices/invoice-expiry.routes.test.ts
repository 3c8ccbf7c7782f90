import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { nextRunAt } from '#server/services/scheduler/job-slots.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { insertInvoice, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { INVOICE_EXPIRY_JOB } from './invoice-expiry.queries.ts';
import { invoiceExpiryJob, INVOICE_EXPIRY_SCHEDULE } from './invoice-expiry.job.ts';
import { accountIdOf, errorOf, invoiceApi, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;

const today = todayInLisbon();
const yesterday = addDays(today, -1);
const PATH = '/api/invoice-expiry';

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

type StatusBody = {
  lastRunAt: string | null;
  nextRunAt: string;
  lastStatus: 'ok' | 'failed' | null;
  lastUpdatedCount: number;
};

type Account = { id: string; api: InvoiceApi; heard: AccountEvent[] };

let accounts = 0;

/** A signed-up account, with every live event published to it collected in `heard`. */
async function signedUp(): Promise<Account> {
  accounts += 1;
  const cookie = await signUpVerified(t, `expirar${accounts}@exemplo.pt`);
  const id = await accountIdOf(t, cookie);
  const heard: AccountEvent[] = [];
  t.events.subscribe(id, (event) => heard.push(event));
  return { id, api: invoiceApi(t, cookie), heard };
}

const seed = (account: Account, overrides: InvoiceOverrides) =>
  insertInvoice(t.db.db, account.id, { issueDate: addDays(today, -40), ...overrides });

async function statuses(ids: string[]): Promise<Record<string, string>> {
  const rows = await t.db.db
    .select({ id: invoices.id, paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.paymentStatus]));
}

test('both endpoints need a session', async () => {
  const anonymous = invoiceApi(t, '');
  for (const res of [await anonymous.get(PATH), await anonymous.send('POST', PATH)]) {
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED');
  }
});

test("'expirar faturas' turns this account's overdue Pendente invoices Vencida and says how many", async () => {
  const me = await signedUp();
  const other = await signedUp();
  const overdue = [
    await seed(me, { dueDate: yesterday }),
    await seed(me, { dueDate: addDays(today, -30) }),
  ];
  const untouched = [
    await seed(me, { dueDate: today }),
    await seed(me, { dueDate: yesterday, paymentStatus: 'Paga', isPaid: true }),
    await seed(other, { dueDate: yesterday }),
  ];

  const res = await me.api.send('POST', PATH);

  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ success: true, updated_count: 2 });
  expect(await statuses([...overdue, ...untouched].map((invoice) => invoice.id))).toEqual({
    ...Object.fromEntries(overdue.map((invoice) => [invoice.id, 'Vencida'])),
    ...Object.fromEntries(untouched.map((invoice) => [invoice.id, invoice.paymentStatus])),
  });
  const [event, ...more] = me.heard;
  expect(more).toEqual([]);
  expect(event).toEqual({ type: 'invoices.changed', action: 'expired', ids: expect.any(Array) });
  expect(event?.type === 'invoices.changed' && [...event.ids].sort()).toEqual(
    overdue.map((invoice) => invoice.id).sort(),
  );
  expect(other.heard).toEqual([]);
});

test('with nothing to expire the answer is 0 and no event is published', async () => {
  const me = await signedUp();
  await seed(me, { dueDate: today });

  const res = await me.api.send('POST', PATH);

  expect(await res.json()).toEqual({ success: true, updated_count: 0 });
  expect(me.heard).toEqual([]);
});

test('before any scheduled run the status has no last run and names the next 00:05 in Lisbon', async () => {
  const me = await signedUp();
  const before = Date.now();

  const res = await me.api.get(PATH);

  expect(res.status).toBe(200);
  const body: StatusBody = await res.json();
  expect(body).toEqual({
    lastRunAt: null,
    nextRunAt: expect.any(String),
    lastStatus: null,
    lastUpdatedCount: 0,
  });
  const next = new Date(body.nextRunAt);
  expect(next.getTime()).toBeGreaterThan(before);
  expect(next.getTime()).toBeLessThanOrEqual(before + 24 * 3_600_000);
  const lisbonTime = next.toLocaleTimeString('en-GB', { timeZone: 'Europe/Lisbon' });
  expect(lisbonTime).toBe('00:05:00');
});

test("the status tells the last scheduled run and only this account's count", async () => {
  const me = await signedUp();
  const other = await signedUp();
  const quiet = await signedUp();
  await seed(me, { dueDate: yesterday });
  await seed(me, { dueDate: addDays(today, -3) });
  await seed(other, { dueDate: yesterday });
  const scheduler = createScheduler({
    db: t.db.db,
    logger: pino({ level: 'silent' }),
    jobs: [invoiceExpiryJob({ events: t.events })],
  });
  const startedBefore = Date.now();

  expect((await scheduler.runDue(INVOICE_EXPIRY_JOB)).kind).toBe('ran');

  const statusOf = async (account: Account): Promise<StatusBody> =>
    (await account.api.get(PATH)).json();
  const mine = await statusOf(me);
  expect(mine).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 2 });
  expect(new Date(mine.lastRunAt ?? 0).getTime()).toBeGreaterThanOrEqual(startedBefore);
  expect(await statusOf(other)).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 1 });
  expect(await statusOf(quiet)).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 0 });
  expect(me.heard).toMatchObject([{ type: 'invoices.changed', action: 'expired' }]);
  expect(quiet.heard).toEqual([]);

  // The next day's run has nothing of mine to expire: my count is that run's, 0.
  const tomorrow = createScheduler({
    db: t.db.db,
    logger: pino({ level: 'silent' }),
    jobs: [invoiceExpiryJob({ events: t.events })],
    now: () => new Date(nextRunAt(INVOICE_EXPIRY_SCHEDULE).getTime() + 60_000),
  });
  expect((await tomorrow.runDue(INVOICE_EXPIRY_JOB)).kind).toBe('ran');
  expect(await statusOf(me)).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 0 });
});
