// Dashboard statistics (issue 4 contract GET /api/invoices/stats; spec invoice-work §7
// "SELECT month stats" and "COUNT of facturas and of fornecedores"): per payment status the
// count and the total of the period, credit notes negative.
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import { periodRange, type InvoicePeriod } from '#shared/invoice-period.ts';

export type StatusTotals = { count: number; totalCents: number };
export type InvoiceStats = {
  byStatus: Record<PaymentStatus, StatusTotals>;
  /** Every invoice of the account, whatever the period. */
  invoiceCount: number;
  supplierCount: number;
};

export type GetInvoiceStatsParams = {
  accountId: string;
  period: InvoicePeriod;
  today: CalendarDate;
};

/**
 * The period is the list's issue-date range (without the list's "earlier unpaid" addition
 * under "Este mês"). Served by invoices_account_issue_date_idx; the counts by the primary
 * keys.
 */
export async function getInvoiceStats(
  db: Database,
  { accountId, period, today }: GetInvoiceStatsParams,
): Promise<InvoiceStats> {
  const range = periodRange(period, today);
  const signedTotal = sql<number>`coalesce(sum(case when ${invoices.documentType} = ${CREDIT_NOTE} then -${invoices.totalCents} else ${invoices.totalCents} end), 0)::bigint`;
  const rows = await db
    .select({
      status: invoices.paymentStatus,
      count: count(),
      totalCents: signedTotal.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        range.from === undefined ? undefined : gte(invoices.issueDate, range.from),
        range.to === undefined ? undefined : lt(invoices.issueDate, range.to),
      ),
    )
    .groupBy(invoices.paymentStatus);

  const totals = (status: PaymentStatus): StatusTotals => {
    const row = rows.find((r) => r.status === status);
    return { count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 };
  };
  const byStatus = {
    Pendente: totals('Pendente'),
    Paga: totals('Paga'),
    Vencida: totals('Vencida'),
  } satisfies Record<PaymentStatus, StatusTotals>;

  const [invoiceCount] = await db
    .select({ value: count() })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  const [supplierCount] = await db
    .select({ value: count() })
    .from(suppliers)
    .where(eq(suppliers.accountId, accountId));
  return {
    byStatus,
    invoiceCount: invoiceCount?.value ?? 0,
    supplierCount: supplierCount?.value ?? 0,
  };
}
