// What suppliers' invoices add up to (spec invoice-work §4 "Spending-limit state", §5 "Spending
// totals count only invoices with status Paga; credit notes (NC) subtract", §7 "SELECT for a
// supplier"). Each supplier has its own limit period, so the periods travel into the statement
// as a VALUES list joined on the NIF: one grouped statement for a whole list or page, never one
// per supplier or per invoice.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, type Supplier } from '#server/db/schema/index.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import {
  currentLimitPeriod,
  limitPercentage,
  limitState,
  shouldShowLimitPanel,
  type LimitPeriodRange,
} from '#shared/spending-limit.ts';
import type { SupplierSpendingDto } from './supplier-dto.ts';

/** A supplier's NIF and, when its limit panel shows, the limit period to sum. */
export type NifPeriod = { nif: string; range: LimitPeriodRange | null };
export type SupplierFigures = { invoiceCount: number; spentCents: number };

const PAID = 'Paga' satisfies PaymentStatus;

/** The invoice's amount as totals count it: a credit note negative (amounts are stored positive). */
const signedTotal = sql`case when ${invoices.documentType} = ${CREDIT_NOTE} then -${invoices.totalCents} else ${invoices.totalCents} end`;

/** `(values (nif, start, end), …) as r(nif, period_start, period_end)`; a null range has null dates. */
function periodsTable(periods: ReadonlyArray<NifPeriod>): SQL {
  const rows = periods.map(
    ({ nif, range }) =>
      sql`(${nif}::text, ${range?.start ?? null}::date, ${range?.end ?? null}::date)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as r(nif, period_start, period_end)`;
}

const isPaid = sql`${invoices.paymentStatus} = ${PAID}`;
const inPeriod = sql`${invoices.issueDate} >= r.period_start and (r.period_end is null or ${invoices.issueDate} <= r.period_end)`;

type FiguresRow = { nif: string; invoice_count: unknown; spent_cents: unknown };

/**
 * Per NIF: every invoice counted, and the Paga ones inside its period summed, credit notes
 * subtracted. A LATERAL subquery per VALUES row reads one index range per NIF, in one statement:
 * invoices_account_supplier_issue_date_idx, or a sibling led by the same (account_id,
 * supplier_nif) — EXPLAIN shows a nested loop of index scans, not a scan of the account.
 */
export async function getSupplierFigures(
  db: Database,
  { accountId, periods }: { accountId: string; periods: ReadonlyArray<NifPeriod> },
): Promise<Map<string, SupplierFigures>> {
  if (periods.length === 0) return new Map();
  const { rows } = await db.execute<FiguresRow>(sql`
    select r.nif, f.invoice_count, f.spent_cents
    from ${periodsTable(periods)}
    cross join lateral (
      select count(*) as invoice_count,
        coalesce(sum(${signedTotal}) filter (where ${isPaid} and ${inPeriod}), 0) as spent_cents
      from ${invoices}
      where ${invoices.accountId} = ${accountId} and ${invoices.supplierNif} = r.nif
    ) as f`);
  return new Map(
    rows.map((row) => [
      row.nif,
      { invoiceCount: Number(row.invoice_count), spentCents: Number(row.spent_cents) },
    ]),
  );
}

/**
 * Per NIF, the Paga invoices inside its period, credit notes subtracted (the invoice cards'
 * limit panel). Only the periods' rows are read: a LATERAL subquery per VALUES row on
 * invoices_account_supplier_issue_date_idx (account_id, supplier_nif, issue_date).
 */
export async function getSpentByNif(
  db: Database,
  { accountId, periods }: { accountId: string; periods: ReadonlyArray<NifPeriod> },
): Promise<Map<string, number>> {
  const withRange = periods.filter((p) => p.range !== null);
  if (withRange.length === 0) return new Map();
  const { rows } = await db.execute<Omit<FiguresRow, 'invoice_count'>>(sql`
    select r.nif, f.spent_cents
    from ${periodsTable(withRange)}
    cross join lateral (
      select coalesce(sum(${signedTotal}), 0) as spent_cents
      from ${invoices}
      where ${invoices.accountId} = ${accountId} and ${invoices.supplierNif} = r.nif
        and ${inPeriod} and ${isPaid}
    ) as f`);
  return new Map(rows.map((row) => [row.nif, Number(row.spent_cents)]));
}

/** Whether the limit panel shows for a supplier, plan aside: an active limit above zero. */
export function hasLimitPanel(row: Supplier): boolean {
  return shouldShowLimitPanel({
    active: row.spendingLimitActive,
    amountCents: row.spendingLimitCents,
  });
}

/** The supplier's limit period now, in its time zone. */
export function limitPeriodOf(row: Supplier, now: Date): LimitPeriodRange {
  return currentLimitPeriod(
    {
      period: row.spendingLimitPeriod,
      customStart: row.spendingLimitStart,
      customEnd: row.spendingLimitEnd,
      resetDay: row.spendingLimitResetDay,
      autoRenew: row.spendingLimitAutoRenew,
      timeZone: row.spendingLimitTimezone,
    },
    now,
  );
}

export type SpendingPeriodsParams = {
  rows: ReadonlyArray<Supplier>;
  now: Date;
  /** The account's plan runs spending limits: the caller knows (the request scope's plan). */
  hasSpendingLimits: boolean;
};

/** The periods to sum for these suppliers: a period for each one whose panel shows. */
export function spendingPeriods({
  rows,
  now,
  hasSpendingLimits,
}: SpendingPeriodsParams): NifPeriod[] {
  return rows.map((row) => ({
    nif: row.nif,
    range: hasSpendingLimits && hasLimitPanel(row) ? limitPeriodOf(row, now) : null,
  }));
}

export function toSpendingDto(
  range: LimitPeriodRange,
  spentCents: number,
  limitCents: number,
): SupplierSpendingDto {
  const percentage = limitPercentage(spentCents, limitCents);
  return {
    periodStart: range.start,
    periodEnd: range.end,
    spentCents,
    limitCents,
    percentage,
    state: limitState(percentage),
  };
}
