// The invoice list of the dashboard (spec invoice-work §2 "Invoice list dashboard", §7
// "SELECT list"): period, status chips and search, highlighted invoices first, then newest
// created first, in pages of at most 100 with an opaque keyset cursor.
import { and, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { valueIn } from '#server/db/schema/columns.ts';
import { invoices, OPEN_PAYMENT_STATUSES, type Invoice } from '#server/db/schema/index.ts';
import { PT_MONTHS, PT_MONTHS_SHORT, startOfMonth, type CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';
import { periodRange, type InvoicePeriod } from '#shared/invoice-period.ts';
import { foldForSearch } from '#shared/invoice-search.ts';
import { statusFilterSql, urgentSql } from './effective-status.ts';

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;

/** An invoice as lists show it: every column but the search haystack. */
export type InvoiceRow = Omit<Invoice, 'searchText'>;
export type ListedInvoice = InvoiceRow & { isHighlighted: boolean };

export type ListInvoicesParams = {
  accountId: string;
  period: InvoicePeriod;
  /** Status chips; empty or absent shows every status. */
  statuses?: PaymentStatus[];
  search?: string;
  /** Only this supplier's invoices (/faturas/:nif); a normalised 9-digit NIF. */
  supplierNif?: string;
  /** Only urgent invoices (Pendente, due today through today + 3): the 'Urgentes' chip. */
  isUrgent?: boolean;
  /** Today in Europe/Lisbon, 'YYYY-MM-DD'. */
  today: CalendarDate;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, default 50, clamped to 1..100. */
  limit?: number;
};

export type ListInvoicesResult = { items: ListedInvoice[]; nextCursor: string | null };

/** A cursor that this query did not issue (tampered, truncated, from another version). */
export class InvalidListCursorError extends Error {
  constructor() {
    super('Invalid invoice list cursor');
    this.name = 'InvalidListCursorError';
  }
}

/**
 * The list is two segments, each read in `created_at desc, id desc` order through an index:
 * first the highlighted invoices ('Pendente do mês anterior': Pendente or Vencida, issued
 * before this month — #shared/invoice-status.ts isFromPreviousMonth), then the others. Under
 * "Este mês" the highlighted segment ignores the month bound: that is how the spec adds the
 * earlier unpaid invoices to this month's list, without duplicates since the segments are
 * disjoint. A page that starts in the highlighted segment is one UNION ALL statement, each
 * side limited, so a page costs two short index scans whatever the table size.
 */
export async function listInvoices(
  db: Database,
  params: ListInvoicesParams,
): Promise<ListInvoicesResult> {
  const limit = clampLimit(params.limit);
  const cursor = params.cursor === undefined ? null : decodeCursor(params.cursor);
  const monthStart = startOfMonth(params.today);
  const range = periodRange(params.period, params.today);
  const shared = sharedConditions(params);
  // Repeats the predicate of invoices_account_open_created_idx word for word.
  const isOpenBeforeMonth = sql`${valueIn(invoices.paymentStatus, OPEN_PAYMENT_STATUSES)} and ${lt(invoices.issueDate, monthStart)}`;
  const inRange = and(
    range.from === undefined ? undefined : gte(invoices.issueDate, range.from),
    range.to === undefined ? undefined : lt(invoices.issueDate, range.to),
  );

  const highlighted = and(
    ...shared,
    isOpenBeforeMonth,
    params.period === 'thisMonth' ? undefined : inRange,
    cursor?.h === 1 ? after(cursor) : undefined,
  );
  const others = and(
    ...shared,
    inRange,
    // Not highlighted; under "Este mês" the range itself starts on the 1st of the month.
    params.period === 'thisMonth' ? undefined : sql`not (${isOpenBeforeMonth})`,
    cursor?.h === 0 ? after(cursor) : undefined,
  );

  const segment = (isHighlighted: boolean, where: SQL | undefined) =>
    db
      .select({
        ...rowColumns,
        isHighlighted: sql<boolean>`${sql.raw(String(isHighlighted))}`.as('is_highlighted'),
      })
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit + 1);

  const statuses = params.statuses ?? [];
  const canHaveHighlighted =
    cursor?.h !== 0 &&
    (statuses.length === 0 || statuses.some((s) => OPEN_PAYMENT_STATUSES.some((o) => o === s)));
  const rows = canHaveHighlighted
    ? await segment(true, highlighted)
        .unionAll(segment(false, others))
        .orderBy(sql`is_highlighted desc, created_at desc, id desc`)
        .limit(limit + 1)
    : await segment(false, others);

  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ h: last.isHighlighted ? 1 : 0, c: last.createdAt.toISOString(), i: last.id })
      : null;
  return { items, nextCursor };
}

const { searchText: _searchText, ...rowColumns } = getTableColumns(invoices);

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIST_LIMIT;
  return Math.min(MAX_LIST_LIMIT, Math.max(1, Math.trunc(limit)));
}

/**
 * Account scope, supplier, status chips and search: the same on both segments. A supplier's
 * invoices (supplier_nif =) can be found through invoices_account_supplier_issue_date_idx, whose
 * rows the planner then sorts by created_at: a supplier holds few enough invoices for that.
 */
function sharedConditions(params: ListInvoicesParams): Array<SQL | undefined> {
  const statuses = params.statuses ?? [];
  return [
    eq(invoices.accountId, params.accountId),
    params.supplierNif === undefined ? undefined : eq(invoices.supplierNif, params.supplierNif),
    // Shown statuses: a Pendente past its due date counts as Vencida (effective-status.ts).
    statuses.length > 0 ? statusFilterSql(statuses, params.today) : undefined,
    params.isUrgent ? urgentSql(params.today) : undefined,
    searchCondition(params.search ?? ''),
  ];
}

const MONTH_NAMES = PT_MONTHS.map((name, index) => [
  foldForSearch(name),
  foldForSearch(PT_MONTHS_SHORT[index] ?? name),
]);

/** Months (1–12) whose full or abbreviated folded name contains the folded search text. */
export function monthsMatchingSearch(search: string): number[] {
  const needle = foldForSearch(search);
  if (needle === '') return [];
  return MONTH_NAMES.flatMap((names, index) =>
    names.some((name) => name.includes(needle)) ? [index + 1] : [],
  );
}

/**
 * The search of #shared/invoice-search.ts matchesSearch, in SQL: the folded text inside the
 * folded supplier name or number (the generated column search_text), or the issue month's
 * Portuguese name. No b-tree serves a substring match: the condition filters the rows the
 * ordered index scan reads, so a search that matches nothing reads the whole period.
 */
function searchCondition(search: string): SQL | undefined {
  const needle = foldForSearch(search);
  if (needle === '') return undefined;
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const months = monthsMatchingSearch(search);
  return or(
    // search_text holds both folded; the pattern cannot span them (it has no newline).
    sql`${invoices.searchText} like ${pattern}`,
    months.length > 0
      ? sql`extract(month from ${invoices.issueDate}) in (${sql.raw(months.join(', '))})`
      : undefined,
  );
}

// The cursor is the sort key of the last row served: segment, created_at, id.
const cursorSchema = z.object({
  h: z.union([z.literal(0), z.literal(1)]),
  c: z.iso.datetime(),
  i: z.uuid(),
});
type Cursor = z.infer<typeof cursorSchema>;

function after(cursor: Cursor): SQL {
  return sql`(${invoices.createdAt}, ${invoices.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new InvalidListCursorError();
  }
}
