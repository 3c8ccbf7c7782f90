// The daily overdue run (issue 4 "Overdue lifecycle"), declared for the scheduler (ADR 015):
// Pendente invoices past their due date become Vencida in every account, and each account
// the run touched hears of it once the run has committed.
import type { EventBus } from '#server/services/events/event-bus.ts';
import type { ScheduledJob } from '#server/services/scheduler/scheduled-job.ts';
import { todayInLisbon } from '#shared/dates.ts';
import {
  expireOverdueInvoices,
  INVOICE_EXPIRY_JOB,
  type ExpiredInvoice,
} from './invoice-expiry.queries.ts';

/**
 * Every day at 00:05 in Lisbon: just after midnight, when yesterday's due dates have become
 * overdue. Not on the stroke of midnight, so a clock stepped back a little (NTP) cannot still
 * read the day before, and out of the way of the jobs that crowd 00:00. Portugal changes the
 * clocks at 01:00 (forward) and 02:00 (back), so 00:05 exists exactly once every day.
 */
export const INVOICE_EXPIRY_SCHEDULE = '5 0 * * *';

/** Key of pg_try_advisory_xact_lock for the expiry run (the migrations use 7_310_455_018). */
export const INVOICE_EXPIRY_LOCK_KEY = 7_310_455_101;

export type InvoiceExpiryJobDeps = { events: EventBus };

export function invoiceExpiryJob({ events }: InvoiceExpiryJobDeps): ScheduledJob {
  return {
    name: INVOICE_EXPIRY_JOB,
    schedule: INVOICE_EXPIRY_SCHEDULE,
    lockKey: INVOICE_EXPIRY_LOCK_KEY,
    async run({ db, logger, startedAt }) {
      const expired = await expireOverdueInvoices(db, { today: todayInLisbon(startedAt) });
      const idsByAccount = groupByAccount(expired);
      return {
        countsByAccount: new Map([...idsByAccount].map(([account, ids]) => [account, ids.length])),
        // One event per account the run touched; a lost one costs a refetch, never the run.
        afterCommit: async () => {
          for (const [accountId, ids] of idsByAccount) {
            await events
              .publish(accountId, { type: 'invoices.changed', action: 'expired', ids })
              .catch((error: unknown) =>
                logger.warn({ err: error, accountId }, 'expiry event lost'),
              );
          }
        },
      };
    },
  };
}

function groupByAccount(expired: ExpiredInvoice[]): Map<string, string[]> {
  const idsByAccount = new Map<string, string[]>();
  for (const { accountId, id } of expired) {
    const ids = idsByAccount.get(accountId);
    if (ids) ids.push(id);
    else idsByAccount.set(accountId, [id]);
  }
  return idsByAccount;
}
