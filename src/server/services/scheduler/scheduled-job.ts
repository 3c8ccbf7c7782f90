// The contract between a feature and the scheduler (ADR 015): a feature declares its job —
// name, schedule, lock key, and what one run does — and the server hands the list to
// createScheduler (scheduler.ts), which knows no feature. What the run needs beyond the
// database (the event bus, the storage) the feature's declaration closes over.
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/logger.ts';

export type JobRunContext = {
  /**
   * The run's transaction, holding the job's advisory lock: what the run writes commits
   * together with the run's record in scheduled_jobs, or not at all.
   */
  db: Database;
  /** The scheduler's logger, with the job's name. */
  logger: Logger;
  /** When this run started, on the scheduler's clock. */
  startedAt: Date;
  /** When the next run is due: a cleanup removes now what would be too old by then. */
  nextRunAt: Date;
};

export type JobRunResult = {
  /** What the run changed in each account it touched (scheduled_job_account_counts). */
  countsByAccount: ReadonlyMap<string, number>;
  /**
   * Called once the run has committed, e.g. to tell open tabs. A failure here is logged and
   * leaves the run done: its changes are already visible.
   */
  afterCommit?: () => Promise<void>;
};

export type ScheduledJob = {
  /** The job's row in scheduled_jobs. */
  name: string;
  /** When it runs: a cron expression read in Lisbon time (DEFAULT_TIMEZONE). */
  schedule: string;
  /** Its key for pg_try_advisory_xact_lock, unique among jobs (the migrations use 7_310_455_018). */
  lockKey: number;
  /**
   * The work of one scheduled slot. Throwing rolls back what it wrote and records the failure;
   * the next tick, or the next server to boot, tries again. Work outside the database (files
   * in storage) is not rolled back, so it must be safe to do twice.
   */
  run(context: JobRunContext): Promise<JobRunResult>;
};
