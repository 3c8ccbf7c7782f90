// The supplier side of an invoice card (spec invoice-work §7 "Invoices are joined to suppliers
// on nif_proveedor"): category for the icon, tags. One look-up per page, by the NIFs on it,
// rather than a join inside the list statement: the list's two index scans stay as they are,
// and a page of 50 invoices names at most 50 suppliers.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { suppliers, type SupplierTag } from '#server/db/schema/index.ts';

export type InvoiceSupplier = { id: string; category: string | null; tags: SupplierTag[] };

export type SuppliersByNifParams = { accountId: string; nifs: ReadonlyArray<string | null> };

/** Served by suppliers_account_id_nif_unique. */
export async function getSuppliersByNif(
  db: Database,
  { accountId, nifs }: SuppliersByNifParams,
): Promise<Map<string, InvoiceSupplier>> {
  const wanted = [...new Set(nifs.filter((nif): nif is string => nif !== null && nif !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      nif: suppliers.nif,
      id: suppliers.id,
      category: suppliers.category,
      tags: suppliers.tags,
    })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), inArray(suppliers.nif, wanted)));
  return new Map(rows.map(({ nif, ...supplier }) => [nif, supplier]));
}
