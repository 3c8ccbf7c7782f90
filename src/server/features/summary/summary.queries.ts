// The monthly summary's aggregates (issue 16, spec invoice-work §2 "Monthly summary"): every
// figure of /resumo is a grouped sum in PostgreSQL — no invoice row reaches the server's memory,
// only one row per status, day, supplier, category and VAT line. Credit notes (NC) subtract
// everywhere: totals, VAT, bases. Months are calendar dates (issue_date is an SQL date), so
// Lisbon's summer-time changes cannot move an invoice to another month.
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import {
  cmvSales,
  customCategories,
  invoiceVatLines,
  invoices,
  profiles,
  suppliers,
} from '#server/db/schema/index.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import type { DayRange } from '#shared/summary.ts';
import { effectiveStatusSql } from '#server/features/invoices/effective-status.ts';

/** What a credit note counts as: its amount, negative (as the stats cards count it). */
function signed(column: AnyPgColumn): SQL {
  return sql`case when ${invoices.documentType} = ${CREDIT_NOTE} then -${column} else ${column} end`;
}

const sumOf = (value: SQL, filter?: SQL) =>
  sql<number>`coalesce(sum(${value})${filter ? sql` filter (where ${filter})` : sql``}, 0)::bigint`.mapWith(
    Number,
  );
const countOf = (filter?: SQL) =>
  sql<number>`count(*)${filter ? sql` filter (where ${filter})` : sql``}`.mapWith(Number);

/**
 * Which grouping set a row of the month statement belongs to: grouping() sets a bit for each
 * expression the row is NOT grouped by (status 8, day 4, supplier 2, category 1).
 */
export const MONTH_SETS = { status: 7, day: 11, supplier: 13, category: 14 } as const;

function buildStatements(db: Database, today: CalendarDate) {
  const accountId = sql.placeholder('accountId');
  const from = sql.placeholder('from');
  const to = sql.placeholder('to');
  // The status shown (an expired Pendente reads Vencida); its date is inlined, so the same
  // text appears in SELECT, grouping() and GROUP BY, as PostgreSQL needs.
  const status = effectiveStatusSql(today);
  const total = signed(invoices.totalCents);
  // The profile's own NIFs, by their keyed hashes (a person's NIF is stored encrypted, ADR 028):
  // read once by the statement (a hashed subplan), not joined per invoice row.
  const ownNifHashes = sql`(select own.hash from ${profiles}, unnest(array[${profiles.personalNifHash}, ${profiles.companyNifHash}]) as own(hash) where ${profiles.accountId} = ${accountId} and own.hash <> '')`;
  const isOwn = sql`${invoices.buyerNifHash} in ${ownNifHashes}`;
  const grouping = sql`grouping(${status}, ${invoices.issueDate}, ${invoices.supplierNif}, ${suppliers.category})`;

  // One pass over the month's invoices (invoices_account_issue_date_idx), four groupings: by
  // status (with the totals, own spending and VAT), by day, by supplier and by category (the
  // supplier's, by its NIF: suppliers_account_id_nif_unique).
  const month = db
    .select({
      set: grouping.mapWith(Number),
      status: sql<PaymentStatus | null>`${status}`,
      issueDate: invoices.issueDate,
      supplierNif: invoices.supplierNif,
      supplierName: sql<string>`coalesce(max(${suppliers.name}), max(${invoices.supplierName}))`,
      category: suppliers.category,
      count: countOf(),
      amountCents: sumOf(total),
      vatCents: sumOf(signed(invoices.vatCents)),
      ownCents: sumOf(total, isOwn),
      ownCount: countOf(isOwn),
      withoutBreakdownCount: countOf(sql`not ${invoices.hasVatBreakdown}`),
    })
    .from(invoices)
    .leftJoin(
      suppliers,
      and(eq(suppliers.accountId, invoices.accountId), eq(suppliers.nif, invoices.supplierNif)),
    )
    .where(
      and(
        eq(invoices.accountId, accountId),
        gte(invoices.issueDate, from),
        lt(invoices.issueDate, to),
      ),
    )
    .groupBy(
      sql`grouping sets ((${status}), (${invoices.issueDate}), (${invoices.supplierNif}), (${suppliers.category}))`,
    )
    .prepare('');

  // The quarter's VAT by region × rate band, the month's among it (FILTER), and how many
  // invoices have no breakdown: invoices_account_issue_date_idx, then the lines by their key.
  // An invoice without a breakdown has no line (createInvoice writes lines only with one), so
  // it is one row of the join and plain count(*) counts it once; grouping set () is the total.
  const monthFrom = sql.placeholder('monthFrom');
  const monthTo = sql.placeholder('monthTo');
  const inMonth = sql`${invoices.issueDate} >= ${monthFrom} and ${invoices.issueDate} < ${monthTo}`;
  const lacksBreakdown = sql`not ${invoices.hasVatBreakdown}`;
  const vat = db
    .select({
      isTotal:
        sql<number>`grouping(${invoiceVatLines.region}, ${invoiceVatLines.rateBand})`.mapWith(
          (value) => Number(value) !== 0,
        ),
      region: invoiceVatLines.region,
      rateBand: invoiceVatLines.rateBand,
      monthBaseCents: sumOf(signed(invoiceVatLines.baseCents), inMonth),
      monthVatCents: sumOf(signed(invoiceVatLines.vatCents), inMonth),
      quarterBaseCents: sumOf(signed(invoiceVatLines.baseCents)),
      quarterVatCents: sumOf(signed(invoiceVatLines.vatCents)),
      monthWithout: countOf(sql`${inMonth} and ${lacksBreakdown}`),
      quarterWithout: countOf(lacksBreakdown),
      // Whether the profile has a NIF of its own at all (the 'Total Gasto' popover): here, as
      // the total row comes back even for a month without invoices.
      hasOwnNif: sql<boolean>`exists ${ownNifHashes}`,
    })
    .from(invoices)
    .leftJoin(
      invoiceVatLines,
      and(
        eq(invoiceVatLines.accountId, invoices.accountId),
        eq(invoiceVatLines.invoiceId, invoices.id),
      ),
    )
    .where(
      and(
        eq(invoices.accountId, accountId),
        gte(invoices.issueDate, from),
        lt(invoices.issueDate, to),
      ),
    )
    .groupBy(sql`grouping sets ((${invoiceVatLines.region}, ${invoiceVatLines.rateBand}), ())`)
    .prepare('');

  // Receipts by day (Fluxo de Caixa) and the VAT collected: cmv_sales_account_date_unique.
  const sales = db
    .select({
      date: cmvSales.date,
      salesCents: sumOf(sql`${cmvSales.salesValueCents}`),
      vatCollectedCents: sumOf(sql`${cmvSales.vatCollectedCents}`),
    })
    .from(cmvSales)
    .where(and(eq(cmvSales.accountId, accountId), gte(cmvSales.date, from), lt(cmvSales.date, to)))
    .groupBy(cmvSales.date)
    .prepare('');

  // The account's custom categories (icons): by their key.
  const categories = db
    .select({
      name: customCategories.name,
      icon: customCategories.iconName,
      color: customCategories.color,
    })
    .from(customCategories)
    .where(eq(customCategories.accountId, accountId))
    .prepare('');

  return { month, vat, sales, categories };
}

/**
 * Built once per database and day (drizzle spends tenths of a millisecond building a statement,
 * issue 13.3): the day is in the text (the shown status), the account and dates are parameters.
 */
const statementsByDb = new WeakMap<
  Database,
  { today: CalendarDate; statements: ReturnType<typeof buildStatements> }
>();

function statementsFor(db: Database, today: CalendarDate) {
  const cached = statementsByDb.get(db);
  if (cached?.today === today) return cached.statements;
  const statements = buildStatements(db, today);
  statementsByDb.set(db, { today, statements });
  return statements;
}

export type GetSummaryAggregatesParams = {
  accountId: string;
  month: DayRange;
  quarter: DayRange;
  /** Today in Europe/Lisbon: what the shown status (Vencida) is judged on. */
  today: CalendarDate;
};

export type SummaryAggregates = Awaited<ReturnType<typeof getSummaryAggregates>>;

/**
 * The four statements of a month's summary, sent together: the three that read the month's and
 * the quarter's rows (each reading the profile's own NIFs itself) and the custom categories.
 */
export async function getSummaryAggregates(
  db: Database,
  { accountId, month, quarter, today }: GetSummaryAggregatesParams,
) {
  const statements = statementsFor(db, today);
  const [monthRows, vatRows, salesRows, categoryRows] = await Promise.all([
    statements.month.execute({ accountId, from: month.from, to: month.to }),
    statements.vat.execute({
      accountId,
      from: quarter.from,
      to: quarter.to,
      monthFrom: month.from,
      monthTo: month.to,
    }),
    statements.sales.execute({ accountId, from: month.from, to: month.to }),
    statements.categories.execute({ accountId }),
  ]);
  return { monthRows, vatRows, salesRows, categoryRows };
}
