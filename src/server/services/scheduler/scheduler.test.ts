import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { driverClientOf, type DbHandle } from '#server/db/client.ts';
import { scheduledJobAccountCounts, scheduledJobs } from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { recordJobFailure } from './job-runs.queries.ts';
import { latestSlot, nextRunAt } from './job-slots.ts';
import type { JobRunContext, ScheduledJob } from './scheduled-job.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

// Jobs declared here, as a feature declares its own: each run leaves a mark in a table of the
// test's own, so what a run wrote is seen to commit or roll back with its record.
const DAILY = '5 0 * * *';
const HOURLY = '20 * * * *';
// 2026-03-10 00:05 in Lisbon is 00:05 UTC (winter time, before the change on 29 March).
const SLOT = new Date('2026-03-10T00:05:00Z');
const at = (iso: string) => () => new Date(iso);

let handle: DbHandle;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  await handle.db.execute(
    sql`create table job_marks (job text not null, started_at timestamptz(3) not null)`,
  );
});

afterAll(async () => {
  await handle.close();
});

// The jobs' records are one row per job for the whole database: every test starts from none.
beforeEach(async () => {
  await handle.db.execute(sql`truncate accounts, scheduled_jobs, job_marks cascade`);
});

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
});

type TestJobOptions = {
  name?: string;
  schedule?: string;
  lockKey?: number;
  /** What the run reports it changed, per account. */
  counts?: Map<string, number>;
  /** The database refuses the run's work with this message, after its mark is written. */
  failWith?: string;
  afterCommit?: () => Promise<void>;
};

/** A job that marks its run in job_marks; `calls` counts the runs that did work. */
function testJob(options: TestJobOptions = {}): ScheduledJob & { calls: number } {
  const job = {
    name: options.name ?? 'test-job',
    schedule: options.schedule ?? DAILY,
    lockKey: options.lockKey ?? 7_310_455_901,
    calls: 0,
    async run({ db, startedAt }: JobRunContext) {
      job.calls += 1;
      await db.execute(sql`insert into job_marks values (${job.name}, ${startedAt})`);
      if (options.failWith) {
        await db.execute(sql.raw(`do $$ begin raise exception '${options.failWith}'; end $$`));
      }
      return { countsByAccount: options.counts ?? new Map(), afterCommit: options.afterCommit };
    },
  };
  return job;
}

type LogLine = { level: number; msg: string; job?: string; err?: { message: string } };

/** A scheduler (another server instance, as far as it knows) on the test database. */
function instance(jobs: ScheduledJob[], now: () => Date, logs: LogLine[] = []): Scheduler {
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  );
  const scheduler = createScheduler({ db: handle.db, logger, jobs, now });
  schedulers.push(scheduler);
  return scheduler;
}

async function marks(job = 'test-job') {
  const result = await handle.db.execute<{ started_at: string }>(
    sql`select started_at from job_marks where job = ${job} order by started_at`,
  );
  return result.rows.map((row) => new Date(row.started_at));
}

async function jobRow(name = 'test-job') {
  const [row] = await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row;
}

test('a slot is the latest scheduled time at or before a moment, in Lisbon time', () => {
  expect(latestSlot(DAILY, SLOT)).toEqual(SLOT);
  expect(latestSlot(DAILY, new Date(SLOT.getTime() - 1))).toEqual(new Date('2026-03-09T00:05:00Z'));
  expect(nextRunAt(DAILY, SLOT)).toEqual(new Date('2026-03-11T00:05:00Z'));
  // Summer time (UTC+1): 00:05 in Lisbon is 23:05 UTC the day before.
  expect(nextRunAt(DAILY, new Date('2026-07-10T12:00:00Z'))).toEqual(
    new Date('2026-07-10T23:05:00Z'),
  );
  // The night the clocks go forward (01:00 → 02:00) still has its 00:05, once.
  expect(nextRunAt(DAILY, new Date('2026-03-28T12:00:00Z'))).toEqual(
    new Date('2026-03-29T00:05:00Z'),
  );
  expect(latestSlot(HOURLY, new Date('2026-03-10T09:19:59Z'))).toEqual(
    new Date('2026-03-10T08:20:00Z'),
  );
});

test("a run does the job's work, records it with its counts per account, then calls afterCommit", async () => {
  const first = await insertAccount(handle.db);
  const second = await insertAccount(handle.db);
  let marksSeenAfterCommit: Date[] = [];
  const job = testJob({
    counts: new Map([
      [first.id, 2],
      [second.id, 1],
    ]),
    afterCommit: async () => {
      marksSeenAfterCommit = await marks();
    },
  });

  const outcome = await instance([job], at('2026-03-10T00:05:00.020Z')).runDue(job.name);

  expect(outcome.kind).toBe('ran');
  expect(await marks()).toEqual([new Date('2026-03-10T00:05:00.020Z')]);
  expect(marksSeenAfterCommit).toEqual(await marks());
  const row = await jobRow();
  expect(row).toMatchObject({
    lastStatus: 'ok',
    lastError: null,
    lastStartedAt: new Date('2026-03-10T00:05:00.020Z'),
    lastSucceededAt: new Date('2026-03-10T00:05:00.020Z'),
    lastUpdatedCount: 3,
  });
  const counts = await handle.db.select().from(scheduledJobAccountCounts);
  expect(
    counts.map(({ accountId, runId, updatedCount }) => ({ accountId, runId, updatedCount })),
  ).toEqual(
    expect.arrayContaining([
      { accountId: first.id, runId: row?.lastRunId, updatedCount: 2 },
      { accountId: second.id, runId: row?.lastRunId, updatedCount: 1 },
    ]),
  );
  expect(counts).toHaveLength(2);
});

test('two scheduler instances on the same database run a declared job once', async () => {
  const job = testJob();
  const now = at('2026-03-10T00:05:00.010Z');

  const outcomes = await Promise.all([
    instance([job], now).runDue(job.name),
    instance([job], now).runDue(job.name),
  ]);

  expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['ran', 'skipped']);
  expect(job.calls).toBe(1);
  expect(await marks()).toHaveLength(1);
  expect(await jobRow()).toMatchObject({ lastStatus: 'ok' });
});

// PGlite is one connection, so nothing else can hold the lock there; CI runs this file on
// PostgreSQL too (TEST_DATABASE_URL), where another instance is another connection.
test.runIf(process.env.TEST_DATABASE_URL)(
  'a run that does not get the advisory lock does nothing',
  async () => {
    const driver = driverClientOf(handle);
    if (driver.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const job = testJob();
    const scheduler = instance([job], at('2026-03-10T00:05:01Z'));
    const otherInstance = await driver.client.connect();
    try {
      await otherInstance.query('begin');
      await otherInstance.query('select pg_advisory_xact_lock($1)', [job.lockKey]);

      expect(await scheduler.runDue(job.name)).toEqual({ kind: 'skipped', reason: 'locked' });
      expect(job.calls).toBe(0);
      expect(await jobRow()).toBeUndefined();
    } finally {
      await otherInstance.query('rollback');
      otherInstance.release();
    }
    expect((await scheduler.runDue(job.name)).kind).toBe('ran');
  },
);

test('at start, a server that missed the scheduled run catches up at once', async () => {
  const job = testJob();
  await instance([job], at('2026-03-07T00:05:00Z')).runDue(job.name);

  // Down since the 7th; back on the 10th at 09:00.
  const outcomes = await instance([job], at('2026-03-10T09:00:00Z')).start();

  expect(outcomes.get(job.name)?.kind).toBe('ran');
  expect(job.calls).toBe(2);
  expect((await jobRow())?.lastSucceededAt).toEqual(new Date('2026-03-10T09:00:00Z'));
});

test("at start, nothing runs when the latest slot's run has already succeeded", async () => {
  const job = testJob();
  await instance([job], at('2026-03-10T00:05:00Z')).runDue(job.name);

  const outcomes = await instance([job], at('2026-03-10T09:00:00Z')).start();

  expect(outcomes.get(job.name)).toEqual({ kind: 'skipped', reason: 'done' });
  expect(job.calls).toBe(1);
});

test('each job keeps its own slot and record, and one failing does not stop the other', async () => {
  const daily = testJob({ name: 'daily-job', failWith: 'disco cheio' });
  const hourly = testJob({ name: 'hourly-job', schedule: HOURLY, lockKey: 7_310_455_902 });
  await instance([hourly], at('2026-03-10T08:20:00Z')).runDue(hourly.name);

  const outcomes = await instance([daily, hourly], at('2026-03-10T09:25:00Z')).start();

  expect(outcomes.get('daily-job')?.kind).toBe('failed');
  expect(outcomes.get('hourly-job')?.kind).toBe('ran');
  expect(await jobRow('daily-job')).toMatchObject({ lastStatus: 'failed' });
  expect(await jobRow('hourly-job')).toMatchObject({
    lastStatus: 'ok',
    lastSucceededAt: new Date('2026-03-10T09:25:00Z'),
  });
  // Within the same hour the hourly job's slot is done.
  const later = instance([daily, hourly], at('2026-03-10T10:19:00Z'));
  expect(await later.runDue(hourly.name)).toEqual({ kind: 'skipped', reason: 'done' });
});

test('a failed run is rolled back, logged and recorded, and the next run succeeds', async () => {
  const account = await insertAccount(handle.db);
  const earlier = testJob({ counts: new Map([[account.id, 4]]) });
  await instance([earlier], at('2026-03-09T00:05:00Z')).runDue(earlier.name);
  const failing = testJob({ failWith: 'disco cheio' });
  const logs: LogLine[] = [];

  const outcome = await instance([failing], at('2026-03-10T00:05:00Z'), logs).runDue(failing.name);

  expect(outcome.kind).toBe('failed');
  // Its mark was rolled back with the rest of the run: only the earlier run's is left.
  expect(await marks()).toEqual([new Date('2026-03-09T00:05:00Z')]);
  const row = await jobRow();
  expect(row).toMatchObject({
    lastStatus: 'failed',
    lastError: 'disco cheio',
    lastStartedAt: new Date('2026-03-10T00:05:00Z'),
    lastSucceededAt: new Date('2026-03-09T00:05:00Z'),
    lastUpdatedCount: 0,
  });
  // The account's count from the earlier run belongs to that run, not to the failed one.
  const [count] = await handle.db.select().from(scheduledJobAccountCounts);
  expect(count?.runId).not.toBe(row?.lastRunId);
  expect(
    logs.filter((line) => line.level >= 50).map((line) => [line.job, line.msg, line.err?.message]),
  ).toEqual([['test-job', 'scheduled run failed', expect.stringContaining('disco cheio')]]);

  const next = await instance([testJob()], at('2026-03-10T00:06:00Z')).runDue('test-job');

  expect(next.kind).toBe('ran');
  expect(await jobRow()).toMatchObject({ lastStatus: 'ok', lastError: null });
});

test('a failing afterCommit is logged and leaves the run done', async () => {
  const job = testJob({ afterCommit: () => Promise.reject(new Error('evento perdido')) });
  const logs: LogLine[] = [];

  const outcome = await instance([job], at('2026-03-10T00:05:00Z'), logs).runDue(job.name);

  expect(outcome.kind).toBe('ran');
  expect(await jobRow()).toMatchObject({ lastStatus: 'ok' });
  expect(logs.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
    'after-commit step failed',
  ]);
});

test("a failure is not recorded over another instance's success of the same slot", async () => {
  const job = testJob();
  await instance([job], at('2026-03-10T00:05:00.500Z')).runDue(job.name);

  // What an instance whose run failed writes after its rollback, once the other one is done.
  await recordJobFailure(handle.db, {
    jobName: job.name,
    runId: randomUUID(),
    startedAt: SLOT,
    finishedAt: SLOT,
    error: 'ligação perdida',
    slot: SLOT,
  });

  expect(await jobRow()).toMatchObject({ lastStatus: 'ok', lastError: null });
});

test('stop ends the timers and waits for a run in progress', async () => {
  const job = testJob();
  const scheduler = instance([job], at('2026-03-10T00:05:00Z'));
  const started = scheduler.start();

  await scheduler.stop();

  // The catch-up run had finished (and committed) before stop resolved.
  expect((await jobRow())?.lastStatus).toBe('ok');
  expect((await started).get(job.name)?.kind).toBe('ran');
});

test('jobs that would pass for one another, or a schedule croner cannot read, are refused', () => {
  const logger = pino({ level: 'silent' });
  const compose = (jobs: ScheduledJob[]) => () => createScheduler({ db: handle.db, logger, jobs });

  expect(compose([testJob(), testJob({ lockKey: 1 })])).toThrow('two scheduled jobs are named');
  expect(compose([testJob(), testJob({ name: 'other' })])).toThrow('two scheduled jobs lock');
  expect(compose([testJob({ schedule: 'every hour' })])).toThrow();
  expect(compose([testJob(), testJob({ name: 'other', lockKey: 1 })])).not.toThrow();
});
