// The CMV report (issue 16 point 4): per month, sales and VAT collected from the sales records,
// cost of goods sold from the invoices of the suppliers in the categories marked as goods for
// resale (without VAT, credit notes negative), and the VAT of all the month's invoices as the
// deductible VAT. One grouped statement for the 12 months; nothing loaded row by row.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  cmvResaleCategories,
  cmvSales,
  customCategories,
  invoices,
  suppliers,
} from '#server/db/schema/index.ts';
import {
  addMonths,
  firstDayOfMonth,
  monthsEndingAt,
  type CalendarMonth,
} from '#shared/calendar-months.ts';
import { CREDIT_NOTE } from '#shared/domain.ts';
import type { CmvMonthDto } from './sale-dto.ts';

export const CMV_REPORT_MONTHS = 12;

type MonthRow = {
  month: string;
  sales_cents: unknown;
  vat_collected_cents: unknown;
  sales_days: unknown;
  cmv_cents: unknown;
  vat_deductible_cents: unknown;
};

const isCreditNote = sql`${invoices.documentType} = ${CREDIT_NOTE}`;
const netCents = sql`(${invoices.totalCents} - ${invoices.vatCents})`;

/** The figures of a month that follow from the stored ones. */
export function cmvMonth(figures: {
  month: string;
  salesCents: number;
  vatCollectedCents: number;
  salesDays: number;
  cmvCents: number;
  vatDeductibleCents: number;
}): CmvMonthDto {
  const grossMarginCents = figures.salesCents - figures.cmvCents;
  return {
    ...figures,
    grossMarginCents,
    marginPercent:
      figures.salesCents > 0
        ? Math.round((grossMarginCents / figures.salesCents) * 1000) / 10
        : null,
    vatBalanceCents: figures.vatCollectedCents - figures.vatDeductibleCents,
  };
}

export type GetCmvReportParams = { accountId: string; month: CalendarMonth };

/**
 * The 12 months ending with `month`, oldest first. The invoices are read on
 * invoices_account_issue_date_idx (account_id, issue_date) over the 12 months; each invoice's
 * supplier is matched by NIF among the few resale suppliers (suppliers_account_id_nif_unique);
 * the sales on cmv_sales_account_date_unique.
 */
export async function getCmvReport(
  db: Database,
  { accountId, month }: GetCmvReportParams,
): Promise<CmvMonthDto[]> {
  const first = addMonths(month, 1 - CMV_REPORT_MONTHS);
  const from = firstDayOfMonth(first);
  const to = firstDayOfMonth(addMonths(month, 1));
  const { rows } = await db.execute<MonthRow>(sql`
    with resale_keys as (
      select lower(btrim(${cmvResaleCategories.builtInName})) as key
      from ${cmvResaleCategories}
      where ${cmvResaleCategories.accountId} = ${accountId}
        and ${cmvResaleCategories.builtInName} is not null
      union
      select lower(btrim(${customCategories.name}))
      from ${cmvResaleCategories}
      join ${customCategories}
        on ${customCategories.accountId} = ${cmvResaleCategories.accountId}
        and ${customCategories.id} = ${cmvResaleCategories.customCategoryId}
      where ${cmvResaleCategories.accountId} = ${accountId}
    ),
    resale_nifs as (
      select ${suppliers.nif} as nif from ${suppliers}
      where ${suppliers.accountId} = ${accountId}
        and lower(btrim(${suppliers.category})) in (select key from resale_keys)
    ),
    purchases as (
      select to_char(${invoices.issueDate}, 'YYYY-MM') as month,
        coalesce(sum(case when ${isCreditNote} then -${netCents} else ${netCents} end)
          filter (where ${invoices.supplierNif} in (select nif from resale_nifs)), 0) as cmv_cents,
        sum(case when ${isCreditNote} then -${invoices.vatCents} else ${invoices.vatCents} end)
          as vat_deductible_cents
      from ${invoices}
      where ${invoices.accountId} = ${accountId}
        and ${invoices.issueDate} >= ${from} and ${invoices.issueDate} < ${to}
      group by 1
    ),
    sales as (
      select to_char(${cmvSales.date}, 'YYYY-MM') as month,
        sum(${cmvSales.salesValueCents}) as sales_cents,
        sum(${cmvSales.vatCollectedCents}) as vat_collected_cents,
        count(*) as sales_days
      from ${cmvSales}
      where ${cmvSales.accountId} = ${accountId}
        and ${cmvSales.date} >= ${from} and ${cmvSales.date} < ${to}
      group by 1
    )
    select coalesce(p.month, s.month) as month,
      coalesce(s.sales_cents, 0) as sales_cents,
      coalesce(s.vat_collected_cents, 0) as vat_collected_cents,
      coalesce(s.sales_days, 0) as sales_days,
      coalesce(p.cmv_cents, 0) as cmv_cents,
      coalesce(p.vat_deductible_cents, 0) as vat_deductible_cents
    from purchases p full join sales s on s.month = p.month`);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return monthsEndingAt(month, CMV_REPORT_MONTHS).map((m) => {
    const row = byMonth.get(m);
    return cmvMonth({
      month: m,
      salesCents: Number(row?.sales_cents ?? 0),
      vatCollectedCents: Number(row?.vat_collected_cents ?? 0),
      salesDays: Number(row?.sales_days ?? 0),
      cmvCents: Number(row?.cmv_cents ?? 0),
      vatDeductibleCents: Number(row?.vat_deductible_cents ?? 0),
    });
  });
}

export type CountResaleCategoriesParams = { accountId: string };

export async function countResaleCategories(
  db: Database,
  { accountId }: CountResaleCategoriesParams,
): Promise<number> {
  const { rows } = await db.execute<{ count: unknown }>(
    sql`select count(*) as count from ${cmvResaleCategories} where ${cmvResaleCategories.accountId} = ${accountId}`,
  );
  return Number(rows[0]?.count ?? 0);
}
