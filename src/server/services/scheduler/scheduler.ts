// The scheduler: runs the jobs the features declare (scheduled-job.ts, ADR 015) on their
// schedules, and knows no feature. Any number of server instances may run it; a
// transaction-scoped PostgreSQL advisory lock per job lets one of them do a slot's run, and the
// run's record in scheduled_jobs (not memory) tells the others, and a server booting later,
// that the slot is done (ADR 009).
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/logger.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import { getLastJobSuccess, recordJobFailure, recordJobSuccess } from './job-runs.queries.ts';
import { latestSlot, nextRunAt } from './job-slots.ts';
import type { JobRunResult, ScheduledJob } from './scheduled-job.ts';

type CommittedOutcome =
  | { kind: 'ran'; result: JobRunResult }
  /** Another instance holds the lock, or this slot's run has already succeeded. */
  | { kind: 'skipped'; reason: 'locked' | 'done' };

export type JobRunOutcome = CommittedOutcome | { kind: 'failed'; error: unknown };

export type SchedulerDeps = {
  db: Database;
  logger: Logger;
  /** The jobs the features declare; names and lock keys are unique. */
  jobs: readonly ScheduledJob[];
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
};

export type Scheduler = {
  /**
   * Schedules every job and catches up, one job after another, those whose latest slot has no
   * successful run (the server was down at the time, or the run failed). Resolves with each
   * job's catch-up outcome by name; never rejects.
   */
  start(): Promise<Map<string, JobRunOutcome>>;
  /** The run the timer makes: does the job's work unless its slot's run already succeeded. */
  runDue(jobName: string): Promise<JobRunOutcome>;
  /** Stops the timers and waits for runs in progress (call before closing the database). */
  stop(): Promise<void>;
};

export function createScheduler({
  db,
  logger,
  jobs,
  now = () => new Date(),
}: SchedulerDeps): Scheduler {
  const jobsByName = indexJobs(jobs);
  const inFlight = new Set<Promise<JobRunOutcome>>();
  const timers: Cron[] = [];
  let isStopped = false;

  async function tryRun(job: ScheduledJob, log: Logger): Promise<JobRunOutcome> {
    const startedAt = now();
    const slot = latestSlot(job.schedule, startedAt);
    const runId = randomUUID();
    let outcome: CommittedOutcome;
    try {
      outcome = await db.transaction(async (tx): Promise<CommittedOutcome> => {
        // Released at commit or rollback, so a crashed run never leaves it held.
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${job.lockKey}::bigint) as locked`,
        );
        if (lock.rows[0]?.locked !== true) return { kind: 'skipped', reason: 'locked' };
        const lastSuccess = await getLastJobSuccess(tx, job.name);
        if (lastSuccess && lastSuccess >= slot) return { kind: 'skipped', reason: 'done' };

        const result = await job.run({
          db: tx,
          logger: log,
          startedAt,
          nextRunAt: nextRunAt(job.schedule, startedAt),
        });
        await recordJobSuccess(tx, {
          jobName: job.name,
          runId,
          startedAt,
          finishedAt: now(),
          countsByAccount: result.countsByAccount,
        });
        return { kind: 'ran', result };
      });
    } catch (error) {
      log.error({ err: error }, 'scheduled run failed');
      await recordFailure(job, log, { runId, startedAt, slot, error });
      return { kind: 'failed', error };
    }
    if (outcome.kind === 'ran') {
      log.info({ updated: total(outcome.result.countsByAccount) }, 'scheduled run done');
      // After the commit, so what it announces is already visible.
      await outcome.result
        .afterCommit?.()
        .catch((error: unknown) => log.warn({ err: error }, 'after-commit step failed'));
    } else {
      log.debug({ reason: outcome.reason }, 'scheduled run skipped');
    }
    return outcome;
  }

  async function recordFailure(
    job: ScheduledJob,
    log: Logger,
    run: { runId: string; startedAt: Date; slot: Date; error: unknown },
  ): Promise<void> {
    try {
      await recordJobFailure(db, {
        jobName: job.name,
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

  function runDue(jobName: string): Promise<JobRunOutcome> {
    const job = jobsByName.get(jobName);
    if (!job) return Promise.reject(new Error(`no scheduled job named ${jobName}`));
    const log = logger.child({ job: job.name });
    // tryRun handles the database's failures; this catches a bug, so no caller ever has to.
    const run = tryRun(job, log).catch((error: unknown): JobRunOutcome => {
      log.error({ err: error }, 'scheduled run threw');
      return { kind: 'failed', error };
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  return {
    async start() {
      if (timers.length === 0) {
        for (const job of jobs) {
          const timer = new Cron(
            job.schedule,
            {
              timezone: DEFAULT_TIMEZONE,
              // A run still going at the next tick is not doubled.
              protect: true,
              // The HTTP server keeps the process alive; the timers alone must not.
              unref: true,
            },
            async () => void (await runDue(job.name)),
          );
          timers.push(timer);
        }
      }
      const outcomes = new Map<string, JobRunOutcome>();
      for (const job of jobs) {
        // A stop during the catch-ups lets the one in progress finish and starts no other.
        if (isStopped) break;
        outcomes.set(job.name, await runDue(job.name));
      }
      return outcomes;
    },
    runDue,
    async stop() {
      isStopped = true;
      for (const timer of timers.splice(0)) timer.stop();
      await Promise.all(inFlight);
    },
  };
}

/**
 * The jobs by name. Refused at composition, before anything runs: a schedule croner cannot
 * read, and a repeated name or lock key, which would let two jobs pass for one.
 */
function indexJobs(jobs: readonly ScheduledJob[]): Map<string, ScheduledJob> {
  const byName = new Map<string, ScheduledJob>();
  const lockKeys = new Set<number>();
  for (const job of jobs) {
    nextRunAt(job.schedule);
    if (byName.has(job.name)) throw new Error(`two scheduled jobs are named ${job.name}`);
    if (lockKeys.has(job.lockKey)) throw new Error(`two scheduled jobs lock ${job.lockKey}`);
    byName.set(job.name, job);
    lockKeys.add(job.lockKey);
  }
  return byName;
}

function total(countsByAccount: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of countsByAccount.values()) sum += count;
  return sum;
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
