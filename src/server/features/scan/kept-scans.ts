// The scans POST /api/scan keeps until they become an invoice's first photo (issue 5), and
// their end when they never do (issue 14 point 6). A kept scan is a row in `scans` and an
// image at storage-path.ts scanPath. The row is written before the image and deleted after
// it, so no image is ever stored without the row by which the cleanup finds it (ADR 015).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { scans } from '#server/db/schema/index.ts';
import { scanPath } from '#server/services/storage/storage-path.ts';
import type { Storage } from '#server/services/storage/storage.ts';

export type KeepScanParams = {
  accountId: string;
  /** The document as the scanner kept it: a metadata-free JPEG (scanner.ts keepAsJpeg). */
  image: Uint8Array;
};

/** Records and stores a scanned document; its id, for the invoice saved from it. */
export async function keepScan(
  db: Database,
  storage: Storage,
  { accountId, image }: KeepScanParams,
): Promise<string> {
  const scanId = randomUUID();
  await db.insert(scans).values({ accountId, id: scanId });
  await storage.put(scanPath(accountId, scanId), image, 'image/jpeg');
  return scanId;
}

export type DiscardScanParams = { accountId: string; scanId: string };

/** Deletes a scan once its invoice is saved; another account's scan id finds nothing. */
export async function discardScan(
  db: Database,
  storage: Storage,
  { accountId, scanId }: DiscardScanParams,
): Promise<void> {
  await storage.delete(scanPath(accountId, scanId));
  // By primary key (scans_account_id_id_pk).
  await db.delete(scans).where(and(eq(scans.accountId, accountId), eq(scans.id, scanId)));
}

export type DeleteScansCreatedBeforeParams = {
  createdBefore: Date;
  /** At most this many, oldest first: bounds one run's transaction; the rest waits a run. */
  limit?: number;
};

export type DeletedScan = { accountId: string; id: string };

const ROWS_PER_BATCH = 500;
const MAX_SCANS_PER_CALL = 5_000;
// Storage deletes in flight at once: a network round trip each on S3.
const FILES_AT_ONCE = 16;

/**
 * Deletes the scans created before `createdBefore`, rows and images. Each batch deletes its
 * rows first and then the images: an image that cannot be deleted throws, and the caller's
 * transaction rolls the rows back for the next run to try again (deleting an image twice is
 * harmless).
 */
export async function deleteScansCreatedBefore(
  db: Database,
  storage: Storage,
  { createdBefore, limit = MAX_SCANS_PER_CALL }: DeleteScansCreatedBeforeParams,
): Promise<DeletedScan[]> {
  const deleted: DeletedScan[] = [];
  while (deleted.length < limit) {
    const batchSize = Math.min(ROWS_PER_BATCH, limit - deleted.length);
    const batch = await deleteOldestScanRows(db, { createdBefore, batchSize });
    for (let start = 0; start < batch.length; start += FILES_AT_ONCE) {
      const files = batch.slice(start, start + FILES_AT_ONCE);
      await Promise.all(files.map((scan) => storage.delete(scanPath(scan.accountId, scan.id))));
    }
    deleted.push(...batch);
    if (batch.length < batchSize) break;
  }
  return deleted;
}

/**
 * One batch: the oldest rows by scans_created_at_idx, deleted by primary key. A row deleted
 * meanwhile by an invoice's save is skipped, not an error.
 */
function deleteOldestScanRows(
  db: Database,
  { createdBefore, batchSize }: { createdBefore: Date; batchSize: number },
): Promise<DeletedScan[]> {
  const oldest = db
    .select({ accountId: scans.accountId, id: scans.id })
    .from(scans)
    .where(lt(scans.createdAt, createdBefore))
    .orderBy(asc(scans.createdAt))
    .limit(batchSize);
  return db
    .delete(scans)
    .where(sql`(${scans.accountId}, ${scans.id}) in (${oldest})`)
    .returning({ accountId: scans.accountId, id: scans.id });
}
