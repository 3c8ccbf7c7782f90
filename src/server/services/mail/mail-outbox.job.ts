// The outbox after a crash (issue 19 point 4): a message's email_audit row is written pending
// before it is delivered, in the request (or just after its answer). A server that dies in
// between leaves the row pending, and nothing else would ever send it. Every minute this job
// claims rows pending for longer than a lease — far longer than any delivery takes (SMTP gives
// up after 3 × 15 s) — and delivers each once more: the user and the supplier get the mail,
// once; if the resend itself is cut off, the next lease tries again. Declared for the scheduler
// (ADR 015), so one server at a time claims.
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { claimStalePendingAudits } from './mail-audit.queries.ts';
import type { Mailer } from './mailer.ts';

export const MAIL_OUTBOX_JOB = 'mail-outbox';
export const MAIL_OUTBOX_SCHEDULE = '* * * * *';
/** Key of pg_try_advisory_xact_lock (the other jobs use 7_310_455_101 to 105). */
export const MAIL_OUTBOX_LOCK_KEY = 7_310_455_106;
/** A row pending this long was left by a server that stopped while delivering it. */
export const MAIL_PENDING_LEASE_MS = 2 * 60_000;
/** Rows claimed per run; more wait for the next minute. */
const MAX_PER_RUN = 100;

export function mailOutboxJob({
  mailer,
}: {
  mailer: Pick<Mailer, 'deliverPending'>;
}): ScheduledJob {
  return {
    name: MAIL_OUTBOX_JOB,
    schedule: MAIL_OUTBOX_SCHEDULE,
    lockKey: MAIL_OUTBOX_LOCK_KEY,
    async run({ db, startedAt, logger }) {
      const olderThan = new Date(startedAt.getTime() - MAIL_PENDING_LEASE_MS);
      const rows = await claimStalePendingAudits(db, { olderThan, limit: MAX_PER_RUN });
      const countsByAccount = new Map<string, number>();
      for (const row of rows)
        countsByAccount.set(row.accountId, (countsByAccount.get(row.accountId) ?? 0) + 1);
      return {
        countsByAccount,
        // After the claim commits: a delivery is not held inside the job's transaction.
        afterCommit: async () => {
          for (const row of rows) {
            const result = await mailer.deliverPending(row);
            logger.info({ auditId: row.id, type: row.type, ok: result.ok }, 'pending email resent');
          }
        },
      };
    },
  };
}
