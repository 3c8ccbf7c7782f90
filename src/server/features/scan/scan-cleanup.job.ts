// Scans not kept (issue 14 point 6), declared for the scheduler (ADR 015): a scan never turned
// into an invoice leaves nothing behind after 24 hours, neither its image nor its row.
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { deleteScansCreatedBefore, type DeletedScan } from './kept-scans.ts';

/** The scheduled_jobs row of the cleanup. */
export const SCAN_CLEANUP_JOB = 'scan-cleanup';

/** Every hour at 20 past: out of the way of 00:05 (the overdue run) and of the crowded :00. */
export const SCAN_CLEANUP_SCHEDULE = '20 * * * *';

/** Key of pg_try_advisory_xact_lock for the cleanup (the overdue run's is 7_310_455_101). */
export const SCAN_CLEANUP_LOCK_KEY = 7_310_455_102;

/** How long a scan may wait for its invoice. */
export const SCAN_MAX_AGE_MS = 24 * 60 * 60_000;

export type ScanCleanupJobDeps = { storage: Storage };

export function scanCleanupJob({ storage }: ScanCleanupJobDeps): ScheduledJob {
  return {
    name: SCAN_CLEANUP_JOB,
    schedule: SCAN_CLEANUP_SCHEDULE,
    lockKey: SCAN_CLEANUP_LOCK_KEY,
    async run({ db, nextRunAt }) {
      // What will be 24 hours old before the next run goes now, so no scan outlives 24 hours.
      const createdBefore = new Date(nextRunAt.getTime() - SCAN_MAX_AGE_MS);
      const deleted = await deleteScansCreatedBefore(db, storage, { createdBefore });
      return { countsByAccount: countByAccount(deleted) };
    },
  };
}

function countByAccount(deleted: DeletedScan[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { accountId } of deleted) counts.set(accountId, (counts.get(accountId) ?? 0) + 1);
  return counts;
}
