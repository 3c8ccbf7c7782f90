// What the feed's ETag is made of (ADR 022): a cheap fingerprint of everything its rows are
// read from, so a spreadsheet that asks again with If-None-Match gets a 304 without the
// account's invoices being read and written out again. An invoice or a supplier created or
// changed moves its table's latest `updated_at` (every write goes through drizzle, whose
// `$onUpdate` sets it); one deleted lowers its table's count; a category renamed rewrites its
// suppliers. The count is index-only on invoices_account_created_idx; the latest `updated_at`
// reads the account's rows, a few milliseconds for the largest account, against the seconds
// the CSV of it takes.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// As text: PGlite and node-postgres both return it as it is, and it compares to the microsecond.
const fingerprintOf = (updatedAt: AnyPgColumn) => ({
  count: sql<string>`count(*)::text`,
  latest: sql<string>`coalesce(max(${updatedAt})::text, '')`,
});

/** e.g. '1200@2026-11-25 10:00:00.123+00|14@2026-11-20 09:00:00+00'. */
export async function getFeedVersion(
  db: Database,
  { accountId }: { accountId: string },
): Promise<string> {
  const [ofInvoices] = await db
    .select(fingerprintOf(invoices.updatedAt))
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  const [ofSuppliers] = await db
    .select(fingerprintOf(suppliers.updatedAt))
    .from(suppliers)
    .where(eq(suppliers.accountId, accountId));
  return [ofInvoices, ofSuppliers].map((f) => `${f?.count ?? 0}@${f?.latest ?? ''}`).join('|');
}
