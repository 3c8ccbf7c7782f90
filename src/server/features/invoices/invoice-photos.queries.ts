// An invoice's photo list (image_paths, spec invoice-work §3 image_url): append and remove, each
// in a transaction that locks the row first (SELECT … FOR UPDATE on the primary key), so two
// uploads at once cannot both take the plan's last slot and a removal never loses an append.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/index.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type InvoicePhotoKey = { accountId: string; invoiceId: string };

/** The invoice's photos, the row locked until the transaction ends; null when there is no such invoice. */
async function lockImagePaths(
  tx: Transaction,
  { accountId, invoiceId }: InvoicePhotoKey,
): Promise<string[] | null> {
  // Served by the primary key (account_id, id).
  const [row] = await tx
    .select({ imagePaths: invoices.imagePaths })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
    .for('update');
  return row ? row.imagePaths : null;
}

async function writeImagePaths(
  tx: Transaction,
  { accountId, invoiceId }: InvoicePhotoKey,
  imagePaths: string[],
): Promise<void> {
  await tx
    .update(invoices)
    .set({ imagePaths })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)));
}

/** The photo count of an invoice, for the early refusal before an upload is decoded. */
export async function countInvoicePhotos(
  db: Database,
  { accountId, invoiceId }: InvoicePhotoKey,
): Promise<number | null> {
  const [row] = await db
    .select({ imagePaths: invoices.imagePaths })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)));
  return row ? row.imagePaths.length : null;
}

export type AppendInvoicePhotoParams = InvoicePhotoKey & {
  photoPath: string;
  /** The plan's images per invoice. */
  limit: number;
};

export type AppendInvoicePhotoResult =
  { kind: 'appended'; imagePaths: string[] } | { kind: 'notFound' } | { kind: 'limitReached' };

export function appendInvoicePhoto(
  db: Database,
  { photoPath, limit, ...key }: AppendInvoicePhotoParams,
): Promise<AppendInvoicePhotoResult> {
  return db.transaction(async (tx): Promise<AppendInvoicePhotoResult> => {
    const current = await lockImagePaths(tx, key);
    if (!current) return { kind: 'notFound' };
    if (current.length >= limit) return { kind: 'limitReached' };
    const imagePaths = [...current, photoPath];
    await writeImagePaths(tx, key, imagePaths);
    return { kind: 'appended', imagePaths };
  });
}

export type RemoveInvoicePhotoResult =
  { kind: 'removed'; imagePaths: string[] } | { kind: 'notFound' } | { kind: 'photoNotFound' };

export function removeInvoicePhoto(
  db: Database,
  { photoPath, ...key }: InvoicePhotoKey & { photoPath: string },
): Promise<RemoveInvoicePhotoResult> {
  return db.transaction(async (tx): Promise<RemoveInvoicePhotoResult> => {
    const current = await lockImagePaths(tx, key);
    if (!current) return { kind: 'notFound' };
    if (!current.includes(photoPath)) return { kind: 'photoNotFound' };
    const imagePaths = current.filter((p) => p !== photoPath);
    await writeImagePaths(tx, key, imagePaths);
    return { kind: 'removed', imagePaths };
  });
}
