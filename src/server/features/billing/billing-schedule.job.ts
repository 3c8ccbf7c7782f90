// The billing job, declared for the scheduler (ADR 015): applies the built-in provider's
// scheduled changes that are due, and tells every account whose plan rights lapsed since the
// last run (its ends_at passed: a cancellation at the period end, an operator's --until) —
// the gates already read the plan at each request's moment; the event makes open pages follow
// (plan icon, usage ring, /subscription) without a reload.
import type { EventBus } from '#server/services/events/event-bus.ts';
import { getLastJobSuccess } from '#server/services/scheduler/job-runs.queries.ts';
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { applyDueScheduledChanges, listLapsedBetween } from './billing-schedule.queries.ts';

/** The scheduled_jobs row of the job. */
export const BILLING_SCHEDULE_JOB = 'billing-schedule';

/** Every 5 minutes: a lapse shows on open pages within minutes of the period end. */
export const BILLING_SCHEDULE_SCHEDULE = '*/5 * * * *';

/** Key of pg_try_advisory_xact_lock (overdue run 7_310_455_101, scan cleanup …102). */
export const BILLING_SCHEDULE_LOCK_KEY = 7_310_455_103;

/** How far back the first run ever looks for lapses. */
const FIRST_RUN_LOOKBACK_MS = 24 * 60 * 60_000;

export type BillingScheduleJobDeps = { events: EventBus };

export function billingScheduleJob({ events }: BillingScheduleJobDeps): ScheduledJob {
  return {
    name: BILLING_SCHEDULE_JOB,
    schedule: BILLING_SCHEDULE_SCHEDULE,
    lockKey: BILLING_SCHEDULE_LOCK_KEY,
    async run({ db, logger, startedAt }) {
      const lastRun = await getLastJobSuccess(db, BILLING_SCHEDULE_JOB);
      const changed = await applyDueScheduledChanges(db, { now: startedAt });
      const lapsed = await listLapsedBetween(db, {
        after: lastRun ?? new Date(startedAt.getTime() - FIRST_RUN_LOOKBACK_MS),
        until: startedAt,
      });
      const accountIds = new Set([...changed, ...lapsed]);
      return {
        countsByAccount: new Map([...accountIds].map((accountId) => [accountId, 1])),
        afterCommit: async () => {
          for (const accountId of accountIds) {
            await events
              .publish(accountId, { type: 'subscription.changed' })
              .catch((error: unknown) =>
                logger.warn({ err: error, accountId }, 'subscription event lost'),
              );
          }
        },
      };
    },
  };
}
