// One invoice of an account: read, change, delete (issue 4 contract GET/PATCH/DELETE
// /api/invoices/:id and the payment toggle). Every statement is scoped by the account, so
// another account's id behaves as if it did not exist.
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, type NewInvoice } from '#server/db/schema/index.ts';
import type { InvoiceRow } from './invoices.queries.ts';

const { searchText: _searchText, ...rowColumns } = getTableColumns(invoices);

/**
 * An invoice of an account; with `createdBy`, only if that profile created it (a Utilizador
 * without "view all" sees no other, issue 18.4).
 */
export type InvoiceKey = { accountId: string; id: string; createdBy?: string };

const byKey = ({ accountId, id, createdBy }: InvoiceKey) =>
  and(
    eq(invoices.accountId, accountId),
    eq(invoices.id, id),
    createdBy === undefined ? undefined : eq(invoices.createdBy, createdBy),
  );

export async function getInvoice(db: Database, key: InvoiceKey): Promise<InvoiceRow | null> {
  const [row] = await db.select(rowColumns).from(invoices).where(byKey(key));
  return row ?? null;
}

/** The columns an edit or the payment toggle may change. */
export type InvoiceChanges = Pick<
  Partial<NewInvoice>,
  | 'dueDate'
  | 'paymentStatus'
  | 'isPaid'
  | 'paymentMethod'
  | 'notes'
  | 'paidAt'
  | 'updatedBy'
  | 'updatedByName'
>;

export type UpdateInvoiceParams = InvoiceKey & { changes: InvoiceChanges };

/** The updated row, or null when the account has no such invoice. */
export async function updateInvoice(
  db: Database,
  { changes, ...key }: UpdateInvoiceParams,
): Promise<InvoiceRow | null> {
  const [row] = await db.update(invoices).set(changes).where(byKey(key)).returning(rowColumns);
  return row ?? null;
}

/** The deleted row's photos (for their files to go too), or null when there was no such row. */
export async function deleteInvoice(
  db: Database,
  key: InvoiceKey,
): Promise<{ imagePaths: string[] } | null> {
  const [row] = await db
    .delete(invoices)
    .where(byKey(key))
    .returning({ imagePaths: invoices.imagePaths });
  return row ?? null;
}
