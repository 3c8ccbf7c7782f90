import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { invoices, scheduledJobs } from '#server/db/schema/index.ts';
import {
  createInProcessEventBus,
  type AccountEvent,
  type EventBus,
} from '#server/services/events/event-bus.ts';
import { nextRunAt } from '#server/services/scheduler/job-slots.ts';
import { createScheduler, type Scheduler } from '#server/services/scheduler/scheduler.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { invoiceExpiryJob, INVOICE_EXPIRY_SCHEDULE } from './invoice-expiry.job.ts';
import { getExpiryStatus, INVOICE_EXPIRY_JOB } from './invoice-expiry.queries.ts';

const TODAY = '2026-03-10';
const at = (iso: string) => () => new Date(iso);

let handle: DbHandle;
let events: EventBus;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

// The job's record is one row for the whole database: every test starts from none.
beforeEach(async () => {
  await handle.db.execute(sql`truncate accounts, scheduled_jobs cascade`);
  await handle.db.execute(sql`drop trigger if exists refuse_update on invoices`);
  await handle.db.execute(sql`drop function if exists refuse_update()`);
  events = createInProcessEventBus();
});

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
  await events.close();
});

/** A scheduler with the overdue run only, as one server instance would run it. */
function instance(now: () => Date): Scheduler {
  const scheduler = createScheduler({
    db: handle.db,
    logger: pino({ level: 'silent' }),
    jobs: [invoiceExpiryJob({ events })],
    now,
  });
  schedulers.push(scheduler);
  return scheduler;
}

async function overdueInvoice(dueDate = '2026-03-09') {
  const { id: accountId } = await insertAccount(handle.db);
  const invoice = await insertInvoice(handle.db, accountId, { dueDate });
  return { accountId, id: invoice.id };
}

async function statusOf(id: string) {
  const [row] = await handle.db
    .select({ paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row?.paymentStatus;
}

test('the overdue run is at 00:05 in Lisbon, summer and winter', () => {
  expect(nextRunAt(INVOICE_EXPIRY_SCHEDULE, new Date('2026-03-10T00:05:00Z'))).toEqual(
    new Date('2026-03-11T00:05:00Z'),
  );
  // Summer time (UTC+1): 00:05 in Lisbon is 23:05 UTC the day before.
  expect(nextRunAt(INVOICE_EXPIRY_SCHEDULE, new Date('2026-07-10T12:00:00Z'))).toEqual(
    new Date('2026-07-10T23:05:00Z'),
  );
});

test('a run expires overdue invoices of every account, records itself and tells each account', async () => {
  const first = await overdueInvoice();
  const second = await overdueInvoice();
  const notYet = await overdueInvoice(TODAY);
  const heard: Record<string, AccountEvent[]> = {};
  for (const { accountId } of [first, second, notYet]) {
    heard[accountId] = [];
    events.subscribe(accountId, (event) => heard[accountId]?.push(event));
  }

  const outcome = await instance(at('2026-03-10T00:05:00.020Z')).runDue(INVOICE_EXPIRY_JOB);

  expect(outcome.kind).toBe('ran');
  expect([await statusOf(first.id), await statusOf(second.id), await statusOf(notYet.id)]).toEqual([
    'Vencida',
    'Vencida',
    'Pendente',
  ]);
  const [row] = await handle.db
    .select()
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, INVOICE_EXPIRY_JOB));
  expect(row).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 2 });
  expect(await getExpiryStatus(handle.db, first)).toMatchObject({ lastUpdatedCount: 1 });
  expect(await getExpiryStatus(handle.db, notYet)).toMatchObject({ lastUpdatedCount: 0 });
  expect(heard[first.accountId]).toEqual([
    { type: 'invoices.changed', action: 'expired', ids: [first.id] },
  ]);
  expect(heard[second.accountId]).toEqual([
    { type: 'invoices.changed', action: 'expired', ids: [second.id] },
  ]);
  expect(heard[notYet.accountId]).toEqual([]);
});

test('two instances running at once expire and announce once', async () => {
  const invoice = await overdueInvoice();
  const heard: AccountEvent[] = [];
  events.subscribe(invoice.accountId, (event) => heard.push(event));
  const now = at('2026-03-10T00:05:00.010Z');

  const outcomes = await Promise.all([
    instance(now).runDue(INVOICE_EXPIRY_JOB),
    instance(now).runDue(INVOICE_EXPIRY_JOB),
  ]);

  expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['ran', 'skipped']);
  expect(await statusOf(invoice.id)).toBe('Vencida');
  expect(heard).toHaveLength(1);
});

test('a failed run leaves the invoices Pendente and shows each account failed with 0', async () => {
  const earlier = await overdueInvoice('2026-03-08');
  await instance(at('2026-03-09T00:05:00Z')).runDue(INVOICE_EXPIRY_JOB);
  const invoice = await overdueInvoice();
  await handle.db.execute(sql`
    create function refuse_update() returns trigger language plpgsql as $$
    begin raise exception 'disco cheio'; end $$`);
  await handle.db.execute(
    sql`create trigger refuse_update before update on invoices execute function refuse_update()`,
  );
  const heard: AccountEvent[] = [];
  events.subscribe(invoice.accountId, (event) => heard.push(event));

  const outcome = await instance(at('2026-03-10T00:05:00Z')).runDue(INVOICE_EXPIRY_JOB);

  expect(outcome.kind).toBe('failed');
  expect(await statusOf(invoice.id)).toBe('Pendente');
  expect(heard).toEqual([]);
  // The account's count from the earlier run is not shown as the failed run's.
  expect(await getExpiryStatus(handle.db, earlier)).toMatchObject({
    lastStatus: 'failed',
    lastUpdatedCount: 0,
  });
});
