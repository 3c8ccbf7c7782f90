import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { driverClientOf, type DbHandle } from '#server/db/client.ts';
import { invoices, scheduledJobs } from '#server/db/schema/index.ts';
import {
  getExpiryStatus,
  INVOICE_EXPIRY_JOB,
  recordJobFailure,
} from '#server/features/invoices/invoice-expiry.queries.ts';
import {
  createInProcessEventBus,
  type AccountEvent,
  type EventBus,
} from '#server/services/events/event-bus.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import {
  createScheduler,
  INVOICE_EXPIRY_LOCK_KEY,
  latestExpirySlot,
  nextExpiryRunAt,
  type Scheduler,
} from './scheduler.ts';

// 2026-03-10 00:05 in Lisbon is 00:05 UTC (winter time, before the change on 29 March).
const SLOT = new Date('2026-03-10T00:05:00Z');
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

// Every test starts from no accounts, no job record and no sabotage: the job's record is one
// row for the whole database, so tests would otherwise see each other's runs.
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

type LogLine = { level: number; msg: string; err?: { message: string } };

/** A scheduler (another server instance, as far as it knows) on the test database. */
function instance(now: () => Date, logs: LogLine[] = []): Scheduler {
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  );
  const scheduler = createScheduler({ db: handle.db, logger, events, now });
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

async function jobRow() {
  const [row] = await handle.db
    .select()
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, INVOICE_EXPIRY_JOB));
  return row;
}

test('the schedule is 00:05 in Lisbon, summer and winter, and a slot counts from its own instant', () => {
  expect(latestExpirySlot(SLOT)).toEqual(SLOT);
  expect(latestExpirySlot(new Date(SLOT.getTime() - 1))).toEqual(new Date('2026-03-09T00:05:00Z'));
  expect(nextExpiryRunAt(SLOT)).toEqual(new Date('2026-03-11T00:05:00Z'));
  // Summer time (UTC+1): 00:05 in Lisbon is 23:05 UTC the day before.
  expect(nextExpiryRunAt(new Date('2026-07-10T12:00:00Z'))).toEqual(
    new Date('2026-07-10T23:05:00Z'),
  );
  // The night the clocks go forward (01:00 → 02:00) still has its 00:05, once.
  expect(nextExpiryRunAt(new Date('2026-03-28T12:00:00Z'))).toEqual(
    new Date('2026-03-29T00:05:00Z'),
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

  const outcome = await instance(at('2026-03-10T00:05:00.020Z')).runDue();

  expect(outcome.kind).toBe('ran');
  expect([await statusOf(first.id), await statusOf(second.id), await statusOf(notYet.id)]).toEqual([
    'Vencida',
    'Vencida',
    'Pendente',
  ]);
  expect(await jobRow()).toMatchObject({
    lastStatus: 'ok',
    lastError: null,
    lastStartedAt: new Date('2026-03-10T00:05:00.020Z'),
    lastSucceededAt: new Date('2026-03-10T00:05:00.020Z'),
    lastUpdatedCount: 2,
  });
  expect(heard[first.accountId]).toEqual([
    { type: 'invoices.changed', action: 'expired', ids: [first.id] },
  ]);
  expect(heard[second.accountId]).toEqual([
    { type: 'invoices.changed', action: 'expired', ids: [second.id] },
  ]);
  expect(heard[notYet.accountId]).toEqual([]);
});

test('two instances running at once: one does the work, the other does nothing', async () => {
  const invoice = await overdueInvoice();
  const heard: AccountEvent[] = [];
  events.subscribe(invoice.accountId, (event) => heard.push(event));
  const now = at('2026-03-10T00:05:00.010Z');

  const outcomes = await Promise.all([instance(now).runDue(), instance(now).runDue()]);

  expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['ran', 'skipped']);
  expect(await statusOf(invoice.id)).toBe('Vencida');
  expect(heard).toHaveLength(1);
  const status = await getExpiryStatus(handle.db, { accountId: invoice.accountId });
  expect(status).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: 1 });
});

// PGlite is one connection, so nothing else can hold the lock there; CI runs this file on
// PostgreSQL too (TEST_DATABASE_URL), where another instance is another connection.
test.runIf(process.env.TEST_DATABASE_URL)(
  'a run that does not get the advisory lock does nothing',
  async () => {
    const driver = driverClientOf(handle);
    if (driver.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const invoice = await overdueInvoice();
    const scheduler = instance(at('2026-03-10T00:05:01Z'));
    const otherInstance = await driver.client.connect();
    try {
      await otherInstance.query('begin');
      await otherInstance.query('select pg_advisory_xact_lock($1)', [INVOICE_EXPIRY_LOCK_KEY]);

      expect(await scheduler.runDue()).toEqual({ kind: 'skipped', reason: 'locked' });
      expect(await statusOf(invoice.id)).toBe('Pendente');
      expect(await jobRow()).toBeUndefined();
    } finally {
      await otherInstance.query('rollback');
      otherInstance.release();
    }
    expect((await scheduler.runDue()).kind).toBe('ran');
  },
);

test('at start, a server that missed the scheduled run catches up at once', async () => {
  await instance(at('2026-03-07T00:05:00Z')).runDue();
  const invoice = await overdueInvoice();

  // Down since the 7th; back on the 10th at 09:00.
  const outcome = await instance(at('2026-03-10T09:00:00Z')).start();

  expect(outcome.kind).toBe('ran');
  expect(await statusOf(invoice.id)).toBe('Vencida');
  expect((await jobRow())?.lastSucceededAt).toEqual(new Date('2026-03-10T09:00:00Z'));
});

test("at start, nothing runs when today's scheduled run has already succeeded", async () => {
  await instance(at('2026-03-10T00:05:00Z')).runDue();
  const invoice = await overdueInvoice();

  const outcome = await instance(at('2026-03-10T09:00:00Z')).start();

  expect(outcome).toEqual({ kind: 'skipped', reason: 'done' });
  expect(await statusOf(invoice.id)).toBe('Pendente');
});

test('a failed run is rolled back, logged and recorded, and the next run succeeds', async () => {
  const earlier = await overdueInvoice('2026-03-08');
  await instance(at('2026-03-09T00:05:00Z')).runDue();
  const invoice = await overdueInvoice();
  await handle.db.execute(sql`
    create function refuse_update() returns trigger language plpgsql as $$
    begin raise exception 'disco cheio'; end $$`);
  await handle.db.execute(
    sql`create trigger refuse_update before update on invoices execute function refuse_update()`,
  );
  const logs: LogLine[] = [];

  const outcome = await instance(at('2026-03-10T00:05:00Z'), logs).runDue();

  expect(outcome.kind).toBe('failed');
  expect(await statusOf(invoice.id)).toBe('Pendente');
  expect(await jobRow()).toMatchObject({
    lastStatus: 'failed',
    lastError: 'disco cheio',
    lastStartedAt: new Date('2026-03-10T00:05:00Z'),
    lastSucceededAt: new Date('2026-03-09T00:05:00Z'),
    lastUpdatedCount: 0,
  });
  expect(logs.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
    'scheduled run failed',
  ]);
  // The account's count from the earlier run is not shown as the failed run's.
  expect(await getExpiryStatus(handle.db, { accountId: earlier.accountId })).toMatchObject({
    lastStatus: 'failed',
    lastUpdatedCount: 0,
  });

  await handle.db.execute(sql`drop trigger refuse_update on invoices`);

  expect((await instance(at('2026-03-10T00:06:00Z')).runDue()).kind).toBe('ran');
  expect(await statusOf(invoice.id)).toBe('Vencida');
  expect(await jobRow()).toMatchObject({ lastStatus: 'ok', lastError: null });
});

test("a failure is not recorded over another instance's success of the same slot", async () => {
  await instance(at('2026-03-10T00:05:00.500Z')).runDue();

  // What an instance whose run failed writes after its rollback, once the other one is done.
  await recordJobFailure(handle.db, {
    jobName: INVOICE_EXPIRY_JOB,
    runId: randomUUID(),
    startedAt: SLOT,
    finishedAt: SLOT,
    error: 'ligação perdida',
    slot: SLOT,
  });

  expect(await jobRow()).toMatchObject({ lastStatus: 'ok', lastError: null });
});

test('stop ends the timer and waits for a run in progress', async () => {
  await overdueInvoice();
  const scheduler = instance(at('2026-03-10T00:05:00Z'));
  const started = scheduler.start();

  await scheduler.stop();

  // The catch-up run had finished (and committed) before stop resolved.
  expect((await jobRow())?.lastStatus).toBe('ok');
  expect((await started).kind).toBe('ran');
});
