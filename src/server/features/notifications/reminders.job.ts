// The reminders (issue 20 point 4), declared for the scheduler (ADR 015): one server at a time
// runs each, under its advisory lock.
// - Every day at 09:00 in Lisbon, `reminders` finds what to remind each person of (invoices due
//   within 3 days, invoices that just became overdue, suppliers past 85 % of their limit, and
//   on Mondays the weekly digest), records each reminder once, and sends what may go now.
// - Every 15 minutes, `reminder-delivery` sends what waited for the end of someone's quiet
//   hours, so a reminder made during them goes out soon after they end, never lost.
// A server down at 09:00 catches up when it starts (the scheduler), and the quiet hours then
// hold what it found until morning.
import type { Database } from '#server/db/client.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { PushSender } from '#server/services/push/push-sender.ts';
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { recordReminders } from './reminder-detection.queries.ts';
import { prepareDueReminders, sendPrepared } from './reminder-delivery.ts';

export const REMINDERS_JOB = 'reminders';
/** 09:00 in Lisbon: after the overdue run (00:05) and at an hour a reminder is welcome. */
export const REMINDERS_SCHEDULE = '0 9 * * *';
/** Keys of pg_try_advisory_xact_lock (the other jobs use 7_310_455_101 to 106). */
export const REMINDERS_LOCK_KEY = 7_310_455_110;

export const REMINDER_DELIVERY_JOB = 'reminder-delivery';
export const REMINDER_DELIVERY_SCHEDULE = '*/15 * * * *';
export const REMINDER_DELIVERY_LOCK_KEY = 7_310_455_111;

export type RemindersJobDeps = {
  /** The database outside the run's transaction, for what happens after its commit. */
  db: Database;
  push: Pick<PushSender, 'send'>;
  mailer: Pick<Mailer, 'deliverPending'>;
  /** The public base URL (APP_URL) for the links in the emails. */
  appUrl: string;
};

function merge(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const merged = new Map(a);
  for (const [account, count] of b) merged.set(account, (merged.get(account) ?? 0) + count);
  return merged;
}

export function remindersJob(deps: RemindersJobDeps): ScheduledJob {
  return {
    name: REMINDERS_JOB,
    schedule: REMINDERS_SCHEDULE,
    lockKey: REMINDERS_LOCK_KEY,
    async run({ db, logger, startedAt }) {
      const recorded = await recordReminders(db, {
        today: todayInLisbon(startedAt),
        now: startedAt,
      });
      const prepared = await prepareDueReminders(db, { now: startedAt, appUrl: deps.appUrl });
      return {
        countsByAccount: merge(recorded, prepared.sentByAccount),
        afterCommit: () => sendPrepared(prepared, { ...deps, logger }),
      };
    },
  };
}

export function reminderDeliveryJob(deps: RemindersJobDeps): ScheduledJob {
  return {
    name: REMINDER_DELIVERY_JOB,
    schedule: REMINDER_DELIVERY_SCHEDULE,
    lockKey: REMINDER_DELIVERY_LOCK_KEY,
    async run({ db, logger, startedAt }) {
      const prepared = await prepareDueReminders(db, { now: startedAt, appUrl: deps.appUrl });
      return {
        countsByAccount: prepared.sentByAccount,
        afterCommit: () => sendPrepared(prepared, { ...deps, logger }),
      };
    },
  };
}
