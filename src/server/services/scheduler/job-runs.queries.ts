// A scheduled job's runs as PostgreSQL keeps them (src/server/db/schema/jobs.ts): the last
// run of each job, ok or failed, and what it changed in each account. The scheduler writes
// them; a feature reads its own job's row to show its status (invoice-expiry.queries.ts).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  scheduledJobAccountCounts,
  scheduledJobs,
  type NewScheduledJob,
} from '#server/db/schema/index.ts';

// Four bind parameters a row, and a statement takes at most 65 535.
const ACCOUNT_ROWS_PER_STATEMENT = 5_000;

export type RecordJobSuccessParams = {
  jobName: string;
  runId: string;
  startedAt: Date;
  finishedAt: Date;
  /** How many rows the run changed in each account it touched. */
  countsByAccount: ReadonlyMap<string, number>;
};

/** The job's last run is `runId`, ok; each touched account's count is this run's. */
export async function recordJobSuccess(
  db: Database,
  { jobName, runId, startedAt, finishedAt, countsByAccount }: RecordJobSuccessParams,
): Promise<void> {
  let total = 0;
  for (const count of countsByAccount.values()) total += count;
  const run: Omit<NewScheduledJob, 'name'> = {
    lastRunId: runId,
    lastStartedAt: startedAt,
    lastFinishedAt: finishedAt,
    lastStatus: 'ok',
    lastError: null,
    lastSucceededAt: startedAt,
    lastUpdatedCount: total,
  };
  await db
    .insert(scheduledJobs)
    .values({ name: jobName, ...run })
    .onConflictDoUpdate({ target: scheduledJobs.name, set: run });

  const rows = [...countsByAccount].map(([accountId, updatedCount]) => ({
    accountId,
    jobName,
    runId,
    updatedCount,
  }));
  for (let start = 0; start < rows.length; start += ACCOUNT_ROWS_PER_STATEMENT) {
    await db
      .insert(scheduledJobAccountCounts)
      .values(rows.slice(start, start + ACCOUNT_ROWS_PER_STATEMENT))
      .onConflictDoUpdate({
        target: [scheduledJobAccountCounts.accountId, scheduledJobAccountCounts.jobName],
        set: {
          runId: sql`excluded.run_id`,
          updatedCount: sql`excluded.updated_count`,
          updatedAt: sql`now()`,
        },
      });
  }
}

export type RecordJobFailureParams = {
  jobName: string;
  runId: string;
  startedAt: Date;
  finishedAt: Date;
  error: string;
  /** The scheduled time the run was for. */
  slot: Date;
};

/**
 * The job's last run is `runId`, failed (its changes were rolled back, so every account's
 * count for it is 0). Written outside the run's transaction, so it leaves alone a run of
 * the same slot that another instance finished successfully meanwhile.
 */
export async function recordJobFailure(
  db: Database,
  { jobName, runId, startedAt, finishedAt, error, slot }: RecordJobFailureParams,
): Promise<void> {
  const run: Omit<NewScheduledJob, 'name'> = {
    lastRunId: runId,
    lastStartedAt: startedAt,
    lastFinishedAt: finishedAt,
    lastStatus: 'failed',
    lastError: error,
    lastUpdatedCount: 0,
  };
  await db
    .insert(scheduledJobs)
    .values({ name: jobName, ...run })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: run,
      setWhere: sql`${scheduledJobs.lastSucceededAt} is null or ${scheduledJobs.lastSucceededAt} < ${slot.toISOString()}::timestamptz`,
    });
}

/** When the job last succeeded, or null if it never has (by primary key). */
export async function getLastJobSuccess(db: Database, jobName: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSucceededAt: scheduledJobs.lastSucceededAt })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, jobName));
  return row?.lastSucceededAt ?? null;
}
