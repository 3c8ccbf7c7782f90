// The overdue lifecycle (spec invoice-work §4 "Payment status", §7 manual_expire_invoices and
// check_cron_status): Pendente invoices past their due date become Vencida, and the daily
// job's last run as one account sees it. The job itself is invoice-expiry.job.ts; the
// scheduler records its runs (src/server/services/scheduler/job-runs.queries.ts).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  expiryCandidateSql,
  invoices,
  scheduledJobAccountCounts,
  scheduledJobs,
  type ScheduledJobStatus,
} from '#server/db/schema/index.ts';
import type { CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';

/** The scheduled_jobs row of the daily expiry run. */
export const INVOICE_EXPIRY_JOB = 'invoice-expiry';

/** Its end state, what #shared/invoice-status.ts statusAfterExpiry gives an overdue Pendente. */
const EXPIRED_STATUS: PaymentStatus = 'Vencida';

export type ExpireOverdueInvoicesParams = {
  /** Lisbon's today (todayInLisbon()): due today is not overdue yet. */
  today: CalendarDate;
  /** One account (the manual action); every account when omitted (the daily job). */
  accountId?: string;
};

export type ExpiredInvoice = { accountId: string; id: string };

/**
 * Pendente, not paid and due before today → Vencida, in one set-based UPDATE; the invoices
 * it changed. Served by invoices_account_overdue_idx with an account and by
 * invoices_overdue_due_date_idx without (their predicate is expiryCandidateSql too).
 * Concurrent runs are safe: a row already turned Vencida no longer matches.
 */
export async function expireOverdueInvoices(
  db: Database,
  params: ExpireOverdueInvoicesParams,
): Promise<ExpiredInvoice[]> {
  return expireOverdueStatement(db, params);
}

/** The UPDATE itself, unexecuted: tests read its plan. */
export function expireOverdueStatement(
  db: Database,
  { today, accountId }: ExpireOverdueInvoicesParams,
) {
  return db
    .update(invoices)
    .set({ paymentStatus: EXPIRED_STATUS, updatedAt: sql`now()` })
    .where(
      and(
        accountId === undefined ? undefined : eq(invoices.accountId, accountId),
        expiryCandidateSql(invoices),
        lt(invoices.dueDate, today),
      ),
    )
    .returning({ accountId: invoices.accountId, id: invoices.id });
}

export type ExpiryStatus = {
  lastRunAt: Date | null;
  lastStatus: ScheduledJobStatus | null;
  /** What the last scheduled run changed in this account only. */
  lastUpdatedCount: number;
};

/**
 * The daily job's last run as one account sees it. Both reads are by primary key
 * (scheduled_jobs.name; scheduled_job_account_counts (account_id, job_name)).
 */
export async function getExpiryStatus(
  db: Database,
  { accountId }: { accountId: string },
): Promise<ExpiryStatus> {
  const [row] = await db
    .select({
      lastRunAt: scheduledJobs.lastStartedAt,
      lastStatus: scheduledJobs.lastStatus,
      lastUpdatedCount: scheduledJobAccountCounts.updatedCount,
    })
    .from(scheduledJobs)
    .leftJoin(
      scheduledJobAccountCounts,
      and(
        eq(scheduledJobAccountCounts.accountId, accountId),
        eq(scheduledJobAccountCounts.jobName, scheduledJobs.name),
        // A count of an older run: the last run changed nothing in this account.
        eq(scheduledJobAccountCounts.runId, scheduledJobs.lastRunId),
      ),
    )
    .where(eq(scheduledJobs.name, INVOICE_EXPIRY_JOB));
  if (!row) return { lastRunAt: null, lastStatus: null, lastUpdatedCount: 0 };
  return {
    lastRunAt: row.lastRunAt,
    lastStatus: row.lastStatus,
    lastUpdatedCount: row.lastUpdatedCount ?? 0,
  };
}
