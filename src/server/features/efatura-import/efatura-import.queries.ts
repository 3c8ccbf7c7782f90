// What the e-Fatura import reads of the account (issue 17 point 3): the invoices that could be
// the file's documents or fall in its period, and the names of the file's suppliers. Both
// scoped by the session's account.
import { and, between, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import type { CalendarDate } from '#shared/dates.ts';
import type { ExistingInvoice } from './efatura-plan.ts';

export type ListImportCandidatesParams = {
  accountId: string;
  /** The file's issuer NIFs. */
  nifs: string[];
  /** The file's period; null when no line has a date. */
  period: { from: CalendarDate; to: CalendarDate } | null;
};

/**
 * Invoices of the file's issuers (the duplicate rules 1 and 2; served by
 * invoices_account_supplier_number_idx) or issued in the file's period (rule 3 and the list
 * of invoices the portal lacks; served by invoices_account_issue_date_idx): a BitmapOr of the
 * two indexes. Only the columns the plan compares.
 */
export async function listImportCandidates(
  db: Database,
  { accountId, nifs, period }: ListImportCandidatesParams,
): Promise<ExistingInvoice[]> {
  const bySupplier = nifs.length > 0 ? inArray(invoices.supplierNif, nifs) : undefined;
  const inPeriod = period ? between(invoices.issueDate, period.from, period.to) : undefined;
  if (!bySupplier && !inPeriod) return [];
  return db
    .select({
      id: invoices.id,
      supplierNif: invoices.supplierNif,
      supplierName: invoices.supplierName,
      number: invoices.number,
      atcud: invoices.atcud,
      documentType: invoices.documentType,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), or(bySupplier, inPeriod)));
}

export type SupplierNamesParams = { accountId: string; nifs: string[] };

/** The account's suppliers among `nifs`, name by NIF; served by suppliers_account_id_nif_unique. */
export async function getSupplierNames(
  db: Database,
  { accountId, nifs }: SupplierNamesParams,
): Promise<Map<string, string>> {
  if (nifs.length === 0) return new Map();
  const rows = await db
    .select({ nif: suppliers.nif, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), inArray(suppliers.nif, nifs)));
  return new Map(rows.map((row) => [row.nif, row.name]));
}
