// The invoice list of the dashboard (spec invoice-work §2 "Invoice list dashboard", §7
// "SELECT list"): period, status chips and search, highlighted invoices first, then newest
// created first, in pages of at most 100 with an opaque keyset cursor.
import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { prepareFlatSelect } from '#server/db/flat-select.ts';
import { valueIn } from '#server/db/schema/columns.ts';
import {
  invoices,
  issueMonthSql,
  OPEN_PAYMENT_STATUSES,
  type Invoice,
} from '#server/db/schema/index.ts';
import { startOfMonth, startOfNextMonth, type CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';
import { periodRange, type InvoicePeriod } from '#shared/invoice-period.ts';
import { foldForSearch, monthsMatchingSearch } from '#shared/invoice-search.ts';
import { statusFilterSql, urgentSql } from './effective-status.ts';

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;
/**
 * The exports' page (features/exports): the same statement, ten times the rows. A page costs
 * its statement more than its rows (planned on each call), so a whole account goes ten times
 * faster in pages of 1 000.
 */
export const MAX_EXPORT_PAGE = 1_000;

/** An invoice as lists show it: every column but the search haystack. */
export type InvoiceRow = Omit<Invoice, 'searchText'>;

/**
 * The columns a list row reads: what the invoice's DTO shows (invoice-dto.ts). The QR payload,
 * the account and the audit columns stay in the table; they were most of a page's bytes.
 */
const LIST_COLUMN_NAMES = [
  'id',
  'number',
  'supplierName',
  'supplierNif',
  // The buyer NIF: in the clear, or sealed for a person (ADR 028); the DTO opens it.
  'buyerNifClear',
  'buyerNifEncrypted',
  'buyerName',
  'issueDate',
  'dueDate',
  'totalCents',
  'vatCents',
  'atcud',
  'documentType',
  'paymentStatus',
  'isPaid',
  'paymentMethod',
  'notes',
  'imagePaths',
  'originalInvoiceRef',
  'source',
  'createdAt',
  'updatedAt',
  // Who created and who last changed it: the sheet opened from the list shows them.
  'createdByName',
  'updatedByName',
] as const satisfies ReadonlyArray<keyof InvoiceRow>;
type ListColumnName = (typeof LIST_COLUMN_NAMES)[number];
const tableColumns = getTableColumns(invoices);
const listColumns = Object.fromEntries(
  LIST_COLUMN_NAMES.map((name) => [name, tableColumns[name]]),
) as Pick<typeof tableColumns, ListColumnName>;

export type ListedInvoice = Pick<InvoiceRow, ListColumnName> & { isHighlighted: boolean };

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
  /**
   * Only the invoices this profile created (invoices.created_by, #shared/team.ts actorKeyOf):
   * a Utilizador without "view all" (issue 18.4).
   */
  createdBy?: string;
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
 * side limited, so a page costs two short index scans whatever the table size; a search that
 * names a month splits each segment in parts (searchParts, ADR 016).
 */
export async function listInvoices(
  db: Database,
  params: ListInvoicesParams,
  { maxLimit = MAX_LIST_LIMIT }: { maxLimit?: number } = {},
): Promise<ListInvoicesResult> {
  const limit = clampLimit(params.limit, maxLimit);
  const cursor = params.cursor === undefined ? null : decodeCursor(params.cursor);
  const needle = foldForSearch(params.search ?? '');
  const pattern = searchPattern(needle);
  const shape: ListShape = {
    period: params.period,
    today: params.today,
    limit,
    statuses: [...new Set(params.statuses ?? [])].sort(),
    segment: cursor?.h ?? null,
    hasSupplier: params.supplierNif !== undefined,
    hasCreatedBy: params.createdBy !== undefined,
    hasSearch: pattern !== null,
    searchMonths: monthsMatchingSearch(needle),
    isUrgent: params.isUrgent === true,
  };
  const rows = await preparedListQuery(db, shape).execute({
    accountId: params.accountId,
    supplierNif: params.supplierNif,
    createdBy: params.createdBy,
    pattern,
    cursorCreatedAt: cursor?.c,
    cursorId: cursor?.i,
  } satisfies ListValues);

  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ h: last.isHighlighted ? 1 : 0, c: last.createdAt.toISOString(), i: last.id })
      : null;
  return { items, nextCursor };
}

/** What decides the text of the list statement; everything else is a placeholder. */
type ListShape = {
  period: InvoicePeriod;
  today: CalendarDate;
  limit: number;
  statuses: PaymentStatus[];
  /** The cursor's segment (1 highlighted, 0 the others), null on the first page. */
  segment: 0 | 1 | null;
  hasSupplier: boolean;
  hasCreatedBy: boolean;
  hasSearch: boolean;
  /** The months whose name the search contains (#shared/invoice-search.ts). */
  searchMonths: number[];
  isUrgent: boolean;
};
type ListValues = {
  accountId: string;
  supplierNif: string | undefined;
  createdBy: string | undefined;
  pattern: string | null;
  cursorCreatedAt: string | undefined;
  cursorId: string | undefined;
};
const placeholder = (name: keyof ListValues) => sql.placeholder(name);

/**
 * The list statement of each shape is built once per database: drizzle spent ~1 ms building
 * it on every request, more than PostgreSQL spends running a page (issue 13.3, measured with
 * --cpu-prof). The shape holds today, so yesterday's entries are dropped when the map is full.
 */
const listQueries = new WeakMap<Database, Map<string, ReturnType<typeof buildListQuery>>>();
const MAX_LIST_QUERIES = 500;

function preparedListQuery(db: Database, shape: ListShape) {
  let queries = listQueries.get(db);
  if (!queries) listQueries.set(db, (queries = new Map()));
  const key = JSON.stringify(shape);
  let query = queries.get(key);
  if (!query) {
    if (queries.size >= MAX_LIST_QUERIES) queries.clear();
    query = buildListQuery(db, shape);
    queries.set(key, query);
  }
  return query;
}

function buildListQuery(db: Database, shape: ListShape) {
  const monthStart = startOfMonth(shape.today);
  const range = periodRange(shape.period, shape.today);
  const shared = sharedConditions(shape);
  // Repeats the predicate of invoices_account_open_created_idx word for word.
  const isOpenBeforeMonth = sql`${valueIn(invoices.paymentStatus, OPEN_PAYMENT_STATUSES)} and ${lt(invoices.issueDate, monthStart)}`;
  const inRange = and(
    range.from === undefined ? undefined : gte(invoices.issueDate, range.from),
    range.to === undefined ? undefined : lt(invoices.issueDate, range.to),
  );

  const highlighted = and(
    ...shared,
    isOpenBeforeMonth,
    shape.period === 'thisMonth' ? undefined : inRange,
    shape.segment === 1 ? afterCursor : undefined,
  );
  const others = and(
    ...shared,
    inRange,
    // Not highlighted; under "Este mês" the range itself starts on the 1st of the month.
    shape.period === 'thisMonth' ? undefined : sql`not (${isOpenBeforeMonth})`,
    shape.segment === 0 ? afterCursor : undefined,
  );

  const selection = (isHighlighted: boolean) => ({
    ...listColumns,
    isHighlighted: sql<boolean>`${sql.raw(String(isHighlighted))}`.as('is_highlighted'),
  });
  const segment = (isHighlighted: boolean, where: SQL | undefined, months: number[]) =>
    searchParts(shape, months).map((part) =>
      db
        .select(selection(isHighlighted))
        .from(invoices)
        .where(and(where, part))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(shape.limit + 1),
    );

  const canHaveHighlighted =
    shape.segment !== 0 &&
    (shape.statuses.length === 0 ||
      shape.statuses.some((s) => OPEN_PAYMENT_STATUSES.some((o) => o === s)));
  // The highlighted rows are issued before this month; under "Este mês" any earlier month.
  const highlightedMonths = monthsBetween(
    shape.period === 'thisMonth' ? undefined : range.from,
    range.to !== undefined && range.to < monthStart ? range.to : monthStart,
  );
  const parts = [
    ...(canHaveHighlighted ? segment(true, highlighted, highlightedMonths) : []),
    ...segment(false, others, monthsBetween(range.from, range.to)),
  ];
  // No name: node-postgres sends an unnamed statement, planned for each call's values, so
  // a search pattern's selectivity still picks the plan (the trigram index or the ordered scan).
  // Rows are mapped by flat-select.ts: the same columns in the same order in every part.
  const [first, second, ...rest] = parts;
  if (!first) throw new Error('the list has no part');
  const query = second
    ? unionAll(first, second, ...rest)
        .orderBy(sql`is_highlighted desc, created_at desc, id desc`)
        .limit(shape.limit + 1)
    : first;
  return prepareFlatSelect(db, query, selection(canHaveHighlighted));
}

function clampLimit(limit: number | undefined, maxLimit: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIST_LIMIT;
  return Math.min(maxLimit, Math.max(1, Math.trunc(limit)));
}

/**
 * Account scope, supplier, status chips and search: the same on both segments. A supplier's
 * invoices (supplier_nif =) can be found through invoices_account_supplier_issue_date_idx, whose
 * rows the planner then sorts by created_at: a supplier holds few enough invoices for that.
 */
function sharedConditions(shape: ListShape): Array<SQL | undefined> {
  return [
    eq(invoices.accountId, placeholder('accountId')),
    shape.hasSupplier ? eq(invoices.supplierNif, placeholder('supplierNif')) : undefined,
    shape.hasCreatedBy ? eq(invoices.createdBy, placeholder('createdBy')) : undefined,
    // Shown statuses: a Pendente past its due date counts as Vencida (effective-status.ts).
    shape.statuses.length > 0 ? statusFilterSql(shape.statuses, shape.today) : undefined,
    shape.isUrgent ? urgentSql(shape.today) : undefined,
  ];
}

/**
 * The search, as the parts of a segment (each read in order and limited, then merged): without
 * a search one part with no condition; a search naming no month, one `search_text LIKE` that
 * the trigram index or the ordered scan serves (ADR 013). A search that names a month
 * ('janeiro') also finds that month's invoices: one part per named month the segment can hold,
 * read in order through invoices_account_issue_month_created_idx, and the name or number
 * matches of the other months (ADR 016). The parts are disjoint, so nothing is listed twice.
 */
function searchParts(shape: ListShape, segmentMonths: number[]): Array<SQL | undefined> {
  if (!shape.hasSearch) return [undefined];
  const matchesText = sql`${invoices.searchText} like ${placeholder('pattern')}`;
  const months = shape.searchMonths.filter((month) => segmentMonths.includes(month));
  if (months.length === 0) return [matchesText];
  const issueMonth = issueMonthSql(invoices.issueDate);
  return [
    ...months.map((month) => sql`${issueMonth} = ${sql.raw(String(month))}`),
    sql`${matchesText} and ${issueMonth} not in (${sql.raw(months.join(', '))})`,
  ];
}

/**
 * The calendar months (1–12) an issue date in [from, to) can fall in; every month when the
 * range is open or spans a year.
 */
function monthsBetween(from: CalendarDate | undefined, to: CalendarDate | undefined): number[] {
  const all = Array.from({ length: 12 }, (_, index) => index + 1);
  if (from === undefined || to === undefined) return all;
  const months: number[] = [];
  for (let start = startOfMonth(from); start < to && months.length < 12;) {
    months.push(Number(start.slice(5, 7)));
    start = startOfNextMonth(start);
  }
  return months.sort((a, b) => a - b);
}

/**
 * The LIKE pattern of #shared/invoice-search.ts matchesSearch: the folded text anywhere in a
 * line of search_text; null for an empty search. foldForSearch turns every whitespace run into
 * one space, so the pattern has no newline and cannot span two lines.
 */
function searchPattern(needle: string): string | null {
  if (needle === '') return null;
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The cursor is the sort key of the last row served: segment, created_at, id.
const cursorSchema = z.object({
  h: z.union([z.literal(0), z.literal(1)]),
  c: z.iso.datetime(),
  i: z.uuid(),
});
type Cursor = z.infer<typeof cursorSchema>;

const afterCursor = sql`(${invoices.createdAt}, ${invoices.id}) < (${placeholder('cursorCreatedAt')}::timestamptz, ${placeholder('cursorId')}::uuid)`;

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
