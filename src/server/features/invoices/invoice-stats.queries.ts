// Dashboard statistics (issue 4 contract GET /api/invoices/stats; spec invoice-work §7
// "SELECT month stats" and "COUNT of facturas and of fornecedores"): per payment status the
// count and the total of the period, credit notes negative.
import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import { periodRange, type InvoicePeriod } from '#shared/invoice-period.ts';
import { effectiveStatusSql, urgentSql } from './effective-status.ts';

export type StatusTotals = { count: number; totalCents: number };
export type InvoiceStats = {
  /** By the status shown: a Pendente past its due date counts as Vencida (effective-status.ts). */
  byStatus: Record<PaymentStatus, StatusTotals>;
  /** Pendente and due today through today + 3 (#shared/invoice-status.ts isUrgent). */
  urgent: StatusTotals;
  /** Every invoice of the account, whatever the period. */
  invoiceCount: number;
  supplierCount: number;
};

export type GetInvoiceStatsParams = {
  accountId: string;
  period: InvoicePeriod;
  today: CalendarDate;
  /** Only the invoices this profile created: a Utilizador without "view all" (issue 18.4). */
  createdBy?: string;
};

/**
 * The period is the list's issue-date range (without the list's "earlier unpaid" addition
 * under "Este mês", except for the urgent count). Served by invoices_account_issue_date_idx
 * (and, under "Este mês", invoices_account_overdue_idx for the urgent ones); the counts by the
 * primary keys, both in one statement.
 */
export async function getInvoiceStats(
  db: Database,
  { accountId, period, today, createdBy }: GetInvoiceStatsParams,
): Promise<InvoiceStats> {
  const statements = preparedStatements(db, period, today, createdBy !== undefined);
  const values = { accountId, createdBy };
  const rows = await statements.byStatus.execute(values);
  const [counts] = await statements.counts.execute(values);

  const totals = (status: PaymentStatus): StatusTotals => {
    const row = rows.find((r) => r.status === status);
    return { count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 };
  };
  const byStatus = {
    Pendente: totals('Pendente'),
    Paga: totals('Paga'),
    Vencida: totals('Vencida'),
  } satisfies Record<PaymentStatus, StatusTotals>;
  const urgent = {
    count: rows.reduce((sum, row) => sum + row.urgentCount, 0),
    totalCents: rows.reduce((sum, row) => sum + row.urgentCents, 0),
  };
  return {
    byStatus,
    urgent,
    invoiceCount: counts?.invoiceCount ?? 0,
    supplierCount: counts?.supplierCount ?? 0,
  };
}

/**
 * The statements of a period and day are built once per database (drizzle spent a few tenths
 * of a millisecond building them on every request, issue 13.3); the account is a placeholder.
 * The key holds today, so the map is emptied when it fills up with past days.
 */
const statsStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildStatements>>>();
const MAX_STATS_STATEMENTS = 100;

function preparedStatements(
  db: Database,
  period: InvoicePeriod,
  today: CalendarDate,
  byCreator: boolean,
) {
  let statements = statsStatements.get(db);
  if (!statements) statsStatements.set(db, (statements = new Map()));
  const key = `${period}|${today}|${byCreator}`;
  let prepared = statements.get(key);
  if (!prepared) {
    if (statements.size >= MAX_STATS_STATEMENTS) statements.clear();
    prepared = buildStatements(db, period, today, byCreator);
    statements.set(key, prepared);
  }
  return prepared;
}

function buildStatements(
  db: Database,
  period: InvoicePeriod,
  today: CalendarDate,
  byCreator: boolean,
) {
  // The account, and the creator when only one profile's invoices count.
  const scoped = and(
    eq(invoices.accountId, sql.placeholder('accountId')),
    byCreator ? eq(invoices.createdBy, sql.placeholder('createdBy')) : undefined,
  );
  const range = periodRange(period, today);
  const issuedIn = (from: CalendarDate | undefined, to: CalendarDate | undefined): SQL =>
    and(
      from === undefined ? undefined : gte(invoices.issueDate, from),
      to === undefined ? undefined : lt(invoices.issueDate, to),
    ) ?? sql`true`;
  const inPeriod = issuedIn(range.from, range.to);
  // The 'Urgentes' count is what its chip lists: under "Este mês" the list adds the unpaid
  // invoices issued before the month (invoices.queries.ts), and an urgent one is always unpaid.
  const isThisMonth = period === 'thisMonth';
  const isUrgent = sql`(${urgentSql(today)} and ${isThisMonth ? issuedIn(undefined, range.to) : inPeriod})`;
  const signed = sql`case when ${invoices.documentType} = ${CREDIT_NOTE} then -${invoices.totalCents} else ${invoices.totalCents} end`;
  const periodTotal = sql<number>`coalesce(sum(${signed}) filter (where ${inPeriod}), 0)::bigint`;
  // Grouped by the shown status; its date is inlined, so SELECT and GROUP BY match as text.
  const status = effectiveStatusSql(today);
  const byStatus = db
    .select({
      status,
      count: sql<number>`count(*) filter (where ${inPeriod})`.mapWith(Number),
      totalCents: periodTotal.mapWith(Number),
      urgentCount: sql<number>`count(*) filter (where ${isUrgent})`.mapWith(Number),
      urgentCents:
        sql<number>`coalesce(sum(${signed}) filter (where ${isUrgent}), 0)::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(and(scoped, isThisMonth ? or(inPeriod, isUrgent) : inPeriod))
    .groupBy(status)
    .prepare('');
  const counts = db
    .select({
      invoiceCount: sql<number>`(select count(*) from ${invoices} where ${scoped})`.mapWith(Number),
      supplierCount:
        sql<number>`(select count(*) from ${suppliers} where ${eq(suppliers.accountId, sql.placeholder('accountId'))})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`)
    .prepare('');
  return { byStatus, counts };
}
