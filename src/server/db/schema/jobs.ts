// Scheduled-job state (DESIGN.md: nothing held in a server's memory is authoritative, so the
// scheduled-run state lives here and any instance can answer for the last run). Written by
// the scheduler (src/server/services/scheduler/scheduler.ts) at the end of each run.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps, valueIn } from './columns.ts';

export const SCHEDULED_JOB_STATUSES = ['ok', 'failed'] as const;
export type ScheduledJobStatus = (typeof SCHEDULED_JOB_STATUSES)[number];

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One row per job: its last run, ok or failed. `last_succeeded_at` survives a failed run, so
 * a server that boots after a missed or failed run knows it still has to catch up. Not per
 * account: a job runs for every account at once, like the dev outbox it is an operator's view.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    // Identifies the last run in scheduled_job_account_counts.run_id.
    lastRunId: uuid('last_run_id').notNull(),
    lastStartedAt: instant('last_started_at').notNull(),
    lastFinishedAt: instant('last_finished_at').notNull(),
    lastStatus: text('last_status').$type<ScheduledJobStatus>().notNull(),
    lastError: text('last_error'),
    lastSucceededAt: instant('last_succeeded_at'),
    // Rows changed by the last run, all accounts together (logs and operators only).
    lastUpdatedCount: integer('last_updated_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('scheduled_jobs_last_status_check', valueIn(t.lastStatus, SCHEDULED_JOB_STATUSES)),
    check('scheduled_jobs_last_updated_count_check', sql`${t.lastUpdatedCount} >= 0`),
  ],
);

/**
 * What a job's run changed in one account, so an account's status shows its own number and
 * never another account's. Only accounts the run touched get a row; a row whose run_id is not
 * the job's last_run_id is from an older run, and the last run changed nothing there (0).
 */
export const scheduledJobAccountCounts = pgTable(
  'scheduled_job_account_counts',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    jobName: text('job_name')
      .notNull()
      .references(() => scheduledJobs.name, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    updatedCount: integer('updated_count').notNull(),
    ...timestamps(),
  },
  (t) => [
    // The status endpoint reads one row by (account, job); the run upserts on the same key.
    primaryKey({ columns: [t.accountId, t.jobName] }),
    check('scheduled_job_account_counts_updated_count_check', sql`${t.updatedCount} >= 0`),
  ],
);

export type ScheduledJob = typeof scheduledJobs.$inferSelect;
export type NewScheduledJob = typeof scheduledJobs.$inferInsert;
export type ScheduledJobAccountCount = typeof scheduledJobAccountCounts.$inferSelect;
