// Supplier look-ups (spec invoice-work §7 "SELECT by nif and user_id, returning nome, nif,
// categoria …"). The suppliers screen and its CRUD come with their own issue.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { suppliers } from '#server/db/schema/index.ts';

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
