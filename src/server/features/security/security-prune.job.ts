// The security data's cleanup (issue 19 point 8), declared for the scheduler (ADR 015): every
// five minutes, security events older than 7 days and rate-limit counters whose window ended
// over an hour ago and that block nothing (spec §9: "The rate limiter drops entries older than
// 1 hour, every 5 minutes"). Before, a counter row was deleted only by a successful sign-in.
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { pruneSecurityData } from './security-events.ts';

export const SECURITY_PRUNE_JOB = 'security-prune';
export const SECURITY_PRUNE_SCHEDULE = '*/5 * * * *';
/** Key of pg_try_advisory_xact_lock (the other jobs use 7_310_455_101 to 103). */
export const SECURITY_PRUNE_LOCK_KEY = 7_310_455_104;

export function securityPruneJob(): ScheduledJob {
  return {
    name: SECURITY_PRUNE_JOB,
    schedule: SECURITY_PRUNE_SCHEDULE,
    lockKey: SECURITY_PRUNE_LOCK_KEY,
    async run({ db, startedAt }) {
      const { events } = await pruneSecurityData(db, startedAt);
      const countsByAccount = new Map<string, number>();
      for (const { accountId } of events)
        if (accountId !== null)
          countsByAccount.set(accountId, (countsByAccount.get(accountId) ?? 0) + 1);
      return { countsByAccount };
    },
  };
}
