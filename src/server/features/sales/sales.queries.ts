// A company's daily sales records (spec invoice-work §7 "Sales": a month's dates, values and
// VAT collected), one per day, and the CSV import that writes a file's days in one statement.
// Every statement is served by cmv_sales_account_date_unique (account_id, date).
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { cmvSales, type CmvSale } from '#server/db/schema/index.ts';
import { addMonths, firstDayOfMonth, monthOfDate } from '#shared/calendar-months.ts';
import type { SalesCsvRow } from '#shared/sales-csv.ts';
import type { SaleData } from '#shared/schemas/sales.ts';

/** PostgreSQL's unique_violation, however deep the driver or drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export type ListSalesOfMonthParams = { accountId: string; month: string };

/** The month's records by day. */
export async function listSalesOfMonth(
  db: Database,
  { accountId, month }: ListSalesOfMonthParams,
): Promise<CmvSale[]> {
  return db
    .select()
    .from(cmvSales)
    .where(
      and(
        eq(cmvSales.accountId, accountId),
        gte(cmvSales.date, firstDayOfMonth(month)),
        lt(cmvSales.date, firstDayOfMonth(addMonths(month, 1))),
      ),
    )
    .orderBy(asc(cmvSales.date));
}

export type CreateSaleParams = { accountId: string; sale: SaleData };

/** 'exists' when the day has a record already. */
export async function createSale(
  db: Database,
  { accountId, sale }: CreateSaleParams,
): Promise<CmvSale | 'exists'> {
  const [row] = await db
    .insert(cmvSales)
    .values({ accountId, ...sale })
    .onConflictDoNothing({ target: [cmvSales.accountId, cmvSales.date] })
    .returning();
  return row ?? 'exists';
}

export type UpdateSaleParams = { accountId: string; id: string; sale: SaleData };

/** null for a record the account does not have; 'exists' when moved onto a recorded day. */
export async function updateSale(
  db: Database,
  { accountId, id, sale }: UpdateSaleParams,
): Promise<CmvSale | 'exists' | null> {
  try {
    const [row] = await db
      .update(cmvSales)
      .set(sale)
      .where(and(eq(cmvSales.accountId, accountId), eq(cmvSales.id, id)))
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

export type DeleteSaleParams = { accountId: string; id: string };

/** False for a record the account does not have. */
export async function deleteSale(db: Database, { accountId, id }: DeleteSaleParams) {
  const rows = await db
    .delete(cmvSales)
    .where(and(eq(cmvSales.accountId, accountId), eq(cmvSales.id, id)))
    .returning({ id: cmvSales.id });
  return rows.length > 0;
}

export type ImportSalesParams = { accountId: string; rows: readonly SalesCsvRow[] };
export type ImportSalesResult = { created: number; updated: number; months: string[] };

/**
 * Every day of the file in one statement, so the import is whole or nothing: a new day is
 * created, a recorded one takes the file's values. `xmax = 0` tells an inserted row from an
 * updated one (an update leaves the old version's transaction id there).
 */
export async function importSales(
  db: Database,
  { accountId, rows }: ImportSalesParams,
): Promise<ImportSalesResult> {
  const written = await db
    .insert(cmvSales)
    .values(
      rows.map((row) => ({
        accountId,
        date: row.date,
        salesValueCents: row.salesValueCents,
        vatCollectedCents: row.vatCollectedCents,
      })),
    )
    .onConflictDoUpdate({
      target: [cmvSales.accountId, cmvSales.date],
      set: {
        salesValueCents: sql`excluded.sales_value_cents`,
        vatCollectedCents: sql`excluded.vat_collected_cents`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  const created = written.filter((row) => row.isNew).length;
  const months = [...new Set(rows.map((row) => monthOfDate(row.date)))].sort();
  return { created, updated: written.length - created, months };
}
