// Idempotency keys live 24 hours (issue 19 point 4): every hour at 40 past, the older ones go.
// Declared for the scheduler (ADR 015).
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

export const IDEMPOTENCY_PRUNE_JOB = 'idempotency-prune';
export const IDEMPOTENCY_PRUNE_SCHEDULE = '40 * * * *';
/** Key of pg_try_advisory_xact_lock (the other jobs use 7_310_455_101 to 104). */
export const IDEMPOTENCY_PRUNE_LOCK_KEY = 7_310_455_105;

export function idempotencyPruneJob(): ScheduledJob {
  return {
    name: IDEMPOTENCY_PRUNE_JOB,
    schedule: IDEMPOTENCY_PRUNE_SCHEDULE,
    lockKey: IDEMPOTENCY_PRUNE_LOCK_KEY,
    async run({ db, startedAt }) {
      await pruneIdempotencyKeys(db, startedAt);
      return { countsByAccount: new Map() };
    },
  };
}
