// The daily overdue run (issue 4 "Overdue lifecycle"): Pendente invoices past their due date
// become Vencida in every account. Any number of server instances may run this scheduler; a
// transaction-scoped PostgreSQL advisory lock lets one of them do a run, and the run's record
// in scheduled_jobs (not memory) tells the others, and a server booting later, that it is done.
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/logger.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import {
  expireOverdueInvoices,
  getLastJobSuccess,
  INVOICE_EXPIRY_JOB,
  recordJobFailure,
  recordJobSuccess,
  type ExpiredInvoice,
} from '#server/features/invoices/invoice-expiry.queries.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';

/**
 * Every day at 00:05 in Lisbon: just after midnight, when yesterday's due dates have become
 * overdue. Not on the stroke of midnight, so a clock stepped back a little (NTP) cannot still
 * read the day before, and out of the way of the jobs that crowd 00:00. Portugal changes the
 * clocks at 01:00 (forward) and 02:00 (back), so 00:05 exists exactly once every day.
 */
export const INVOICE_EXPIRY_SCHEDULE = '5 0 * * *';

/** Key of pg_try_advisory_xact_lock for the expiry run (the migrations use 7_310_455_018). */
export const INVOICE_EXPIRY_LOCK_KEY = 7_310_455_101;

// Without a function croner schedules nothing: this one only answers "when".
const schedule = new Cron(INVOICE_EXPIRY_SCHEDULE, { timezone: DEFAULT_TIMEZONE });

/** The next scheduled run after `now`. */
export function nextExpiryRunAt(now: Date = new Date()): Date {
  const next = schedule.nextRun(now);
  if (!next) throw new Error(`${INVOICE_EXPIRY_SCHEDULE} has no next run`);
  return next;
}

/** The latest scheduled run at or before `now`: the one a run started now is for. */
export function latestExpirySlot(now: Date = new Date()): Date {
  // previousRuns looks strictly before its reference; 1 ms later counts `now` itself.
  const [slot] = schedule.previousRuns(1, new Date(now.getTime() + 1));
  if (!slot) throw new Error(`${INVOICE_EXPIRY_SCHEDULE} has no previous run`);
  return slot;
}

type CommittedOutcome =
  | { kind: 'ran'; expired: ExpiredInvoice[] }
  /** Another instance holds the lock, or this slot's run has already succeeded. */
  | { kind: 'skipped'; reason: 'locked' | 'done' };

export type ExpiryRunOutcome = CommittedOutcome | { kind: 'failed'; error: unknown };

export type SchedulerDeps = {
  db: Database;
  logger: Logger;
  events: EventBus;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
};

export type Scheduler = {
  /**
   * Schedules the daily run and catches up a missed one at once (the server was down at the
   * scheduled time, or that run failed). Resolves with the catch-up's outcome; never rejects.
   */
  start(): Promise<ExpiryRunOutcome>;
  /** The run the timer makes: does the work unless this slot's run already succeeded. */
  runDue(): Promise<ExpiryRunOutcome>;
  /** Stops the timer and waits for a run in progress (call before closing the database). */
  stop(): Promise<void>;
};

export function createScheduler({
  db,
  logger,
  events,
  now = () => new Date(),
}: SchedulerDeps): Scheduler {
  const log = logger.child({ job: INVOICE_EXPIRY_JOB });
  const inFlight = new Set<Promise<ExpiryRunOutcome>>();
  let timer: Cron | undefined;

  async function tryRun(): Promise<ExpiryRunOutcome> {
    const startedAt = now();
    const slot = latestExpirySlot(startedAt);
    const runId = randomUUID();
    let outcome: CommittedOutcome;
    try {
      outcome = await db.transaction(async (tx): Promise<CommittedOutcome> => {
        // Released at commit or rollback, so a crashed run never leaves it held.
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${INVOICE_EXPIRY_LOCK_KEY}::bigint) as locked`,
        );
        if (lock.rows[0]?.locked !== true) return { kind: 'skipped', reason: 'locked' };
        const lastSuccess = await getLastJobSuccess(tx, INVOICE_EXPIRY_JOB);
        if (lastSuccess && lastSuccess >= slot) return { kind: 'skipped', reason: 'done' };

        const expired = await expireOverdueInvoices(tx, { today: todayInLisbon(startedAt) });
        await recordJobSuccess(tx, {
          jobName: INVOICE_EXPIRY_JOB,
          runId,
          startedAt,
          finishedAt: now(),
          countsByAccount: countByAccount(expired),
        });
        return { kind: 'ran', expired };
      });
    } catch (error) {
      log.error({ err: error }, 'scheduled run failed');
      await recordFailure({ runId, startedAt, slot, error });
      return { kind: 'failed', error };
    }
    if (outcome.kind === 'ran') {
      log.info({ updated: outcome.expired.length }, 'scheduled run done');
      // After the commit, so a tab never refetches before the change is visible.
      await announce(outcome.expired);
    } else {
      log.debug({ reason: outcome.reason }, 'scheduled run skipped');
    }
    return outcome;
  }

  async function recordFailure(run: {
    runId: string;
    startedAt: Date;
    slot: Date;
    error: unknown;
  }): Promise<void> {
    try {
      await recordJobFailure(db, {
        jobName: INVOICE_EXPIRY_JOB,
        runId: run.runId,
        startedAt: run.startedAt,
        finishedAt: now(),
        error: describe(run.error),
        slot: run.slot,
      });
    } catch (error) {
      log.error({ err: error }, 'could not record the failed run');
    }
  }

  /** One event per account the run touched; a lost one costs a refetch, never the run. */
  async function announce(expired: ExpiredInvoice[]): Promise<void> {
    const idsByAccount = new Map<string, string[]>();
    for (const { accountId, id } of expired) {
      const ids = idsByAccount.get(accountId);
      if (ids) ids.push(id);
      else idsByAccount.set(accountId, [id]);
    }
    for (const [accountId, ids] of idsByAccount) {
      await events
        .publish(accountId, { type: 'invoices.changed', action: 'expired', ids })
        .catch((error: unknown) => log.warn({ err: error, accountId }, 'expiry event lost'));
    }
  }

  function runDue(): Promise<ExpiryRunOutcome> {
    // tryRun handles the database's failures; this catches a bug, so no caller ever has to.
    const run = tryRun().catch((error: unknown): ExpiryRunOutcome => {
      log.error({ err: error }, 'scheduled run threw');
      return { kind: 'failed', error };
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  return {
    start() {
      timer ??= new Cron(
        INVOICE_EXPIRY_SCHEDULE,
        {
          timezone: DEFAULT_TIMEZONE,
          // A run still going at the next tick (hardly, a day later) is not doubled.
          protect: true,
          // The HTTP server keeps the process alive; the timer alone must not.
          unref: true,
        },
        async () => void (await runDue()),
      );
      return runDue();
    },
    runDue,
    async stop() {
      timer?.stop();
      timer = undefined;
      await Promise.all(inFlight);
    },
  };
}

function countByAccount(expired: ExpiredInvoice[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { accountId } of expired) counts.set(accountId, (counts.get(accountId) ?? 0) + 1);
  return counts;
}

/**
 * What goes into scheduled_jobs.last_error: the innermost cause's message (drizzle wraps the
 * database's error in one that repeats the whole statement), bounded.
 */
function describe(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error)
    innermost = innermost.cause;
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  return message.slice(0, 2_000);
}
