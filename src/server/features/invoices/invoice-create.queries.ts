// Manual invoice creation (issue 4 contract "POST /api/invoices"): the monthly limit, the
// duplicate rules and the supplier created on the fly, all in one transaction.
import { and, count, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, invoiceVatLines, invoices, suppliers } from '#server/db/schema/index.ts';
import { SUPPLIER_FROM_INVOICE_CATEGORY } from '#shared/domain.ts';
import { startOfMonth, type CalendarDate } from '#shared/dates.ts';
import { savedPayment } from '#shared/invoice-status.ts';
import { invoiceUsage, type InvoiceUsage } from '#shared/plans.ts';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { buyerNifColumns } from '#server/services/crypto/sealed-fields.ts';
import type { InvoiceRow } from './invoices.queries.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Transaction;

export type CreateInvoiceParams = {
  accountId: string;
  /** Chosen by the caller when files are named after the invoice before it exists. */
  id?: string;
  data: CreateInvoiceData;
  /** Storage paths of photos already stored for it (the scanned document). */
  imagePaths?: string[];
  /** Today in Europe/Lisbon, 'YYYY-MM-DD'. */
  today: CalendarDate;
  /** The account's plan's limit (the request scope's plan): counted here, decided by the plan. */
  monthlyInvoiceLimit: number;
  /** The acting profile (#shared/team.ts actorKeyOf) and its name, recorded as the creator. */
  author?: { key: string | null; name: string };
  /** Seals a person's buyer NIF and hashes any (ADR 028). */
  cipher: FieldCipher;
};

export type CreateInvoiceResult =
  | { kind: 'created'; invoice: InvoiceRow }
  | { kind: 'limitReached'; monthlyLimit: number }
  | { kind: 'duplicate'; existingId: string };

const { searchText: _searchText, ...rowColumns } = getTableColumns(invoices);

export async function createInvoice(
  db: Database,
  {
    accountId,
    id,
    data,
    today,
    monthlyInvoiceLimit,
    imagePaths = [],
    author,
    cipher,
  }: CreateInvoiceParams,
): Promise<CreateInvoiceResult> {
  return db.transaction(async (tx) => {
    // Locking the account row serialises concurrent creates of one account, so two requests
    // cannot both take the last free slot of the month or both insert the same invoice.
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    const usage = invoiceUsage(
      await countCreatedThisMonth(tx, { accountId, today }),
      monthlyInvoiceLimit,
    );
    if (usage.isAtLimit) return { kind: 'limitReached', monthlyLimit: usage.monthlyLimit };

    const existingId = await findDuplicateId(tx, { accountId, data });
    if (existingId !== null) return { kind: 'duplicate', existingId };

    await tx
      .insert(suppliers)
      .values({
        accountId,
        nif: data.supplierNif,
        name: data.supplierName,
        category: SUPPLIER_FROM_INVOICE_CATEGORY,
      })
      .onConflictDoNothing({ target: [suppliers.accountId, suppliers.nif] });

    // A due date already passed stores Vencida at once (issue 13 point 6), not at the next job.
    const payment = savedPayment(data.paymentStatus, data.paymentMethod, data.dueDate, today);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        ...(id ? { id } : {}),
        accountId,
        number: data.number,
        supplierName: data.supplierName,
        supplierNif: data.supplierNif,
        ...buyerNifColumns(cipher, data.buyerNif),
        issueDate: data.issueDate,
        dueDate: data.dueDate,
        totalCents: data.totalCents,
        vatCents: data.vatCents,
        atcud: data.atcud,
        documentType: data.documentType,
        originalInvoiceRef: data.originalInvoiceRef,
        notes: data.notes,
        ...payment,
        paidAt: payment.isPaid ? today : null,
        source: data.source,
        hasVatBreakdown: data.vatBreakdown !== null,
        imagePaths,
        ...(author
          ? {
              createdBy: author.key,
              createdByName: author.name,
              updatedBy: author.key,
              updatedByName: author.name,
            }
          : {}),
      })
      .returning(rowColumns);
    if (!invoice) throw new Error('createInvoice: no row returned');
    // The QR's VAT by region × rate band (ADR 019), checked against vatCents by the schema.
    if (data.vatBreakdown?.length) {
      await tx
        .insert(invoiceVatLines)
        .values(data.vatBreakdown.map((line) => ({ accountId, invoiceId: invoice.id, ...line })));
    }
    return { kind: 'created', invoice };
  });
}

export type CountCreatedThisMonthParams = { accountId: string; today: CalendarDate };

/**
 * Invoices created since midnight of the 1st of this month in Lisbon (the monthly counter).
 * Served by invoices_account_created_idx.
 */
export async function countCreatedThisMonth(
  db: Reader,
  { accountId, today }: CountCreatedThisMonthParams,
): Promise<number> {
  const monthStart = sql`(${startOfMonth(today)}::timestamp at time zone 'Europe/Lisbon')`;
  const [row] = await db
    .select({ value: count() })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), gte(invoices.createdAt, monthStart)));
  return row?.value ?? 0;
}

/** What identifies an invoice; rule 3 applies only when date, name and total are known. */
export type DuplicateKey = Pick<CreateInvoiceData, 'supplierNif' | 'number' | 'atcud'> &
  Partial<Pick<CreateInvoiceData, 'issueDate' | 'supplierName' | 'totalCents'>>;

export type FindDuplicateParams = { accountId: string; data: DuplicateKey };

/**
 * The contract's three duplicate rules, first match wins:
 * 1. same supplier NIF and ATCUD, when the ATCUD is a real code (not empty, not '0');
 *    served by invoices_account_supplier_atcud_idx;
 * 2. same supplier NIF and number; served by invoices_account_supplier_number_idx;
 * 3. same number, issue date, supplier name (case-insensitive) and total, which catches a
 *    re-entry under a different NIF; served by invoices_account_issue_date_idx.
 * Used by the create (inside its transaction) and by the scanner's early warning.
 */
export async function findDuplicateId(
  db: Reader,
  { accountId, data }: FindDuplicateParams,
): Promise<string | null> {
  const sameAccount = eq(invoices.accountId, accountId);
  const sameNif = eq(invoices.supplierNif, data.supplierNif);
  const { issueDate, supplierName, totalCents } = data;
  const rules: Array<SQL | undefined> = [
    data.atcud !== null && data.atcud !== '0'
      ? and(sameAccount, sameNif, eq(invoices.atcud, data.atcud))
      : undefined,
    and(sameAccount, sameNif, eq(invoices.number, data.number)),
    issueDate !== undefined && supplierName !== undefined && totalCents !== undefined
      ? and(
          sameAccount,
          eq(invoices.issueDate, issueDate),
          eq(invoices.number, data.number),
          sql`lower(${invoices.supplierName}) = lower(${supplierName})`,
          eq(invoices.totalCents, totalCents),
        )
      : undefined,
  ];
  for (const where of rules) {
    if (where === undefined) continue;
    const [row] = await db.select({ id: invoices.id }).from(invoices).where(where).limit(1);
    if (row) return row.id;
  }
  return null;
}

export type MonthlyUsageParams = CountCreatedThisMonthParams & { monthlyInvoiceLimit: number };

/** The monthly counter of GET /api/invoices/counter, against the plan's limit. */
export async function getMonthlyUsage(
  db: Database,
  { accountId, today, monthlyInvoiceLimit }: MonthlyUsageParams,
): Promise<InvoiceUsage> {
  return invoiceUsage(await countCreatedThisMonth(db, { accountId, today }), monthlyInvoiceLimit);
}
