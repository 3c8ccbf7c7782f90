// Reading suppliers (spec invoice-work §2 "Suppliers screen", §7 "Suppliers": SELECT by nif and
// user_id, SELECT by user_id): the /fornecedores list with invoice counts and spending, one
// supplier, the look-ups by NIF of the invoice cards and of a scanned invoice, and the totals
// of a supplier's invoices.
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { foldForSearchSql } from '#server/db/schema/columns.ts';
import { invoices, suppliers, type Supplier } from '#server/db/schema/index.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import { foldForSearch } from '#shared/invoice-search.ts';
import { normalizeNif } from '#shared/nif.ts';
import { todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import { effectiveStatusSql } from '#server/features/invoices/effective-status.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import {
  toSupplierDto,
  toSupplierTags,
  type InvoiceSupplierDto,
  type SupplierListItemDto,
  type SupplierTotalsDto,
} from './supplier-dto.ts';
import {
  getSpentByNif,
  getSupplierFigures,
  spendingPeriods,
  toSpendingDto,
} from './supplier-spending.queries.ts';

export type SupplierSummary = { id: string; nif: string; name: string; category: string | null };

export type FindSupplierByNifParams = { accountId: string; nif: string };

/** Served by suppliers_account_id_nif_unique. */
export async function findSupplierByNif(
  db: Database,
  { accountId, nif }: FindSupplierByNifParams,
): Promise<SupplierSummary | null> {
  const [row] = await db
    .select({
      id: suppliers.id,
      nif: suppliers.nif,
      name: suppliers.name,
      category: suppliers.category,
    })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.nif, nif)))
    .limit(1);
  return row ?? null;
}

export type SuppliersByNifParams = {
  accountId: string;
  nifs: ReadonlyArray<string | null>;
  /** The account's plan runs spending limits (decided by the caller from the request scope). */
  hasSpendingLimits: boolean;
  now?: Date;
};

/**
 * Every invoice list page and single invoice looks its suppliers up, so the statement is built
 * once per database: drizzle spent ~0.45 ms building this SQL on each call, about what
 * PostgreSQL spends running it (issue 13.3, measured with --cpu-prof). A named statement is
 * also parsed once per connection; its plan cannot vary with the values (the unique index on
 * account_id and nif).
 */
const suppliersByNifQueries = new WeakMap<Database, ReturnType<typeof prepareSuppliersByNif>>();
let preparedStatements = 0;

function prepareSuppliersByNif(db: Database) {
  return (
    db
      .select()
      .from(suppliers)
      .where(
        and(
          eq(suppliers.accountId, sql.placeholder('accountId')),
          // One array parameter, so the text is the same for any number of NIFs.
          sql`${suppliers.nif} = any(${sql.placeholder('nifs')})`,
        ),
      )
      // Unique per database in this process: one connection may serve several drizzle
      // instances (the benchmark's recorder), and a name must keep one text per connection.
      .prepare(`suppliers_by_nif_${++preparedStatements}`)
  );
}

/**
 * The supplier side of invoice cards (spec §7 "Invoices are joined to suppliers on
 * nif_proveedor"), for the NIFs of one page: one look-up by NIF (suppliers_account_id_nif_unique)
 * and, when some of them show a limit panel, one grouped sum over their periods — not a join
 * inside the list statement, so the list's index scans stay as they are.
 */
export async function getSuppliersByNif(
  db: Database,
  { accountId, nifs, hasSpendingLimits, now = new Date() }: SuppliersByNifParams,
): Promise<Map<string, InvoiceSupplierDto>> {
  const wanted = [...new Set(nifs.filter((nif): nif is string => nif !== null && nif !== ''))];
  if (wanted.length === 0) return new Map();
  let byNif = suppliersByNifQueries.get(db);
  if (!byNif) suppliersByNifQueries.set(db, (byNif = prepareSuppliersByNif(db)));
  const rows = await byNif.execute({ accountId, nifs: wanted });
  const periods = spendingPeriods({ rows, now, hasSpendingLimits });
  const spent = await getSpentByNif(db, { accountId, periods });
  return new Map(
    rows.map((row, index) => {
      const range = periods[index]?.range ?? null;
      const supplier: InvoiceSupplierDto = {
        id: row.id,
        name: row.name,
        category: row.category,
        tags: toSupplierTags(row.tags),
        spending:
          range && row.spendingLimitCents !== null
            ? toSpendingDto(range, spent.get(row.nif) ?? 0, row.spendingLimitCents)
            : null,
      };
      return [row.nif, supplier];
    }),
  );
}

type ListItemsParams = {
  accountId: string;
  rows: Supplier[];
  now: Date;
  hasSpendingLimits: boolean;
  cipher: FieldCipher;
};

/** Suppliers as the list shows them: with their invoice count and, on a paid plan, spending. */
async function toListItems(
  db: Database,
  { accountId, rows, now, hasSpendingLimits, cipher }: ListItemsParams,
): Promise<SupplierListItemDto[]> {
  const periods = spendingPeriods({ rows, now, hasSpendingLimits });
  const figures = await getSupplierFigures(db, { accountId, periods });
  return rows.map((row, index) => {
    const range = periods[index]?.range ?? null;
    const { invoiceCount = 0, spentCents = 0 } = figures.get(row.nif) ?? {};
    return {
      ...toSupplierDto(row, cipher),
      invoiceCount,
      spending:
        range && row.spendingLimitCents !== null
          ? toSpendingDto(range, spentCents, row.spendingLimitCents)
          : null,
    };
  });
}

export type ListSuppliersParams = {
  accountId: string;
  search?: string;
  /** The account's plan runs spending limits (decided by the caller from the request scope). */
  hasSpendingLimits: boolean;
  now?: Date;
  /** Opens the emails, sealed at rest (ADR 028). */
  cipher: FieldCipher;
};

const byName = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });

/** The folded text inside the folded name, or the typed digits inside the NIF. */
function searchCondition(search: string): SQL | undefined {
  const needle = foldForSearch(search);
  if (needle === '') return undefined;
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = normalizeNif(search.trim());
  return or(
    sql`${foldForSearchSql(suppliers.name)} like ${like(needle)}`,
    /^\d+$/u.test(digits) ? sql`${suppliers.nif} like ${like(digits)}` : undefined,
  );
}

/**
 * In Portuguese alphabetical order ('Água' before 'Bar'). The account's rows are read through
 * suppliers_account_id_nif_unique (led by account_id); the search filters them, as no b-tree
 * serves a substring match. An account holds hundreds of suppliers, not millions.
 */
export async function listSuppliers(
  db: Database,
  { accountId, search = '', hasSpendingLimits, now = new Date(), cipher }: ListSuppliersParams,
): Promise<SupplierListItemDto[]> {
  const rows = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), searchCondition(search)));
  rows.sort((a, b) => byName.compare(a.name, b.name) || a.nif.localeCompare(b.nif));
  return toListItems(db, { accountId, rows, now, hasSpendingLimits, cipher });
}

export type GetSupplierParams = {
  accountId: string;
  hasSpendingLimits: boolean;
  now?: Date;
  cipher: FieldCipher;
} & ({ id: string } | { nif: string });

/** One supplier by id (primary key) or NIF (suppliers_account_id_nif_unique), as the list shows it. */
export async function getSupplierItem(
  db: Database,
  params: GetSupplierParams,
): Promise<SupplierListItemDto | null> {
  const { accountId, hasSpendingLimits, now = new Date(), cipher } = params;
  const rows = await db
    .select()
    .from(suppliers)
    .where(
      and(
        eq(suppliers.accountId, accountId),
        'id' in params ? eq(suppliers.id, params.id) : eq(suppliers.nif, params.nif),
      ),
    )
    .limit(1);
  const [item] = await toListItems(db, { accountId, rows, now, hasSpendingLimits, cipher });
  return item ?? null;
}

export type GetSupplierTotalsParams = {
  accountId: string;
  nif: string;
  /** Lisbon's today, for the shown status; todayInLisbon() when omitted. */
  today?: CalendarDate;
};

const signedTotal = sql`case when ${invoices.documentType} = ${CREDIT_NOTE} then -${invoices.totalCents} else ${invoices.totalCents} end`;
// By the status shown: a Pendente past its due date sums as Vencida before the nightly job
// has written it (invoices/effective-status.ts).
const sumWhere = (status: PaymentStatus, today: CalendarDate) =>
  sql<number>`coalesce(sum(${signedTotal}) filter (where ${effectiveStatusSql(today)} = ${status}), 0)::bigint`.mapWith(
    Number,
  );

/**
 * Every invoice of the account with this supplier NIF (the /faturas/:nif header), whether or not
 * a supplier row exists; credit notes negative. Served by invoices_account_supplier_issue_date_idx.
 */
export async function getSupplierTotals(
  db: Database,
  { accountId, nif, today = todayInLisbon() }: GetSupplierTotalsParams,
): Promise<SupplierTotalsDto> {
  const [row] = await db
    .select({
      invoiceCount: count(),
      totalCents: sql<number>`coalesce(sum(${signedTotal}), 0)::bigint`.mapWith(Number),
      paidCents: sumWhere('Paga', today),
      pendingCents: sumWhere('Pendente', today),
      overdueCents: sumWhere('Vencida', today),
    })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.supplierNif, nif)));
  return row ?? { invoiceCount: 0, totalCents: 0, paidCents: 0, pendingCents: 0, overdueCents: 0 };
}
