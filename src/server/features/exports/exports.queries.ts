// What an export reads: the dashboard list's own rows, page after page through its keyset
// cursor (listInvoices, so an export holds exactly the invoices the list shows for the same
// filters, in its order), the name and category of their suppliers, and how many rows that is
// — counted first, so the page can show its progress.
import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { valueIn } from '#server/db/schema/columns.ts';
import {
  invoices,
  issueMonthSql,
  OPEN_PAYMENT_STATUSES,
  suppliers,
} from '#server/db/schema/index.ts';
import { statusFilterSql, urgentSql } from '#server/features/invoices/effective-status.ts';
import {
  listInvoices,
  MAX_EXPORT_PAGE,
  type ListedInvoice,
  type ListInvoicesParams,
} from '#server/features/invoices/invoices.queries.ts';
import { startOfMonth } from '#shared/dates.ts';
import { periodRange } from '#shared/invoice-period.ts';
import { foldForSearch, monthsMatchingSearch } from '#shared/invoice-search.ts';
import type { SupplierInfo } from './export-rows.ts';

/** The list's filters, without its page. */
export type ExportFilters = Omit<ListInvoicesParams, 'cursor' | 'limit'>;

/**
 * The list's rows, a page of MAX_EXPORT_PAGE at a time: each page is the list query after the
 * previous page's cursor (two short index scans, whatever the page's depth), so the export
 * holds one page in memory and reads the account once in all.
 */
export async function* listExportInvoices(
  db: Database,
  filters: ExportFilters,
): AsyncGenerator<ListedInvoice[]> {
  let cursor: string | undefined;
  do {
    const page = await listInvoices(
      db,
      { ...filters, cursor, limit: MAX_EXPORT_PAGE },
      { maxLimit: MAX_EXPORT_PAGE },
    );
    if (page.items.length > 0) yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

export type GetSupplierInfoParams = { accountId: string; nifs: readonly string[] };

/** Name and category of the account's suppliers with these NIFs (suppliers_account_id_nif_unique). */
export async function getSupplierInfo(
  db: Database,
  { accountId, nifs }: GetSupplierInfoParams,
): Promise<Map<string, SupplierInfo>> {
  if (nifs.length === 0) return new Map();
  const rows = await db
    .select({ nif: suppliers.nif, name: suppliers.name, category: suppliers.category })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), inArray(suppliers.nif, [...nifs])));
  return new Map(rows.map((row) => [row.nif, { name: row.name, category: row.category }]));
}

/**
 * How many invoices the list holds for these filters: the union of the list's two segments
 * (invoices.queries.ts) as one condition — the period's issue dates, and under "Este mês" the
 * earlier unpaid ones too; the status chips and 'Urgentes' on the shown status; the search on
 * search_text or on a named issue month. exports.routes.test.ts checks it against the rows
 * exported for every kind of filter. An index-only count on invoices_account_created_idx
 * without filters; with them the planner picks the index of the list's own page query.
 */
export async function countExportInvoices(db: Database, filters: ExportFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .where(and(...exportConditions(filters)));
  return row?.count ?? 0;
}

function exportConditions(filters: ExportFilters): Array<SQL | undefined> {
  const { today } = filters;
  const range = periodRange(filters.period, today);
  const inRange = and(
    range.from === undefined ? undefined : gte(invoices.issueDate, range.from),
    range.to === undefined ? undefined : lt(invoices.issueDate, range.to),
  );
  const isOpenBeforeMonth = and(
    valueIn(invoices.paymentStatus, OPEN_PAYMENT_STATUSES),
    lt(invoices.issueDate, startOfMonth(today)),
  );
  const statuses = [...new Set(filters.statuses ?? [])];
  return [
    eq(invoices.accountId, filters.accountId),
    filters.period === 'thisMonth' ? or(inRange, isOpenBeforeMonth) : inRange,
    filters.supplierNif === undefined ? undefined : eq(invoices.supplierNif, filters.supplierNif),
    statuses.length > 0 ? statusFilterSql(statuses, today) : undefined,
    filters.isUrgent ? urgentSql(today) : undefined,
    searchCondition(filters.search ?? ''),
  ];
}

/** The list's search: the folded text inside search_text, or the issue month it names. */
function searchCondition(search: string): SQL | undefined {
  const needle = foldForSearch(search);
  if (needle === '') return undefined;
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const months = monthsMatchingSearch(needle);
  const matchesText = sql`${invoices.searchText} like ${pattern}`;
  if (months.length === 0) return matchesText;
  return or(
    matchesText,
    sql`${issueMonthSql(invoices.issueDate)} in (${sql.raw(months.join(', '))})`,
  );
}
