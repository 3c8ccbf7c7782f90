// The scanned document becomes the invoice's first photo (issue 5 "the document image kept as
// the invoice's first photo"): POST /api/scan stored it under the account's scans; creating
// the invoice copies it to the invoice's own photo path before the row exists, so the row
// never names a missing file, and removes the scan once the invoice is saved.
import type { Storage } from '#server/services/storage/storage.ts';
import { invoicePhotoPath, scanPath } from '#server/services/storage/storage-path.ts';

export type ScanPhotoParams = { accountId: string; invoiceId: string; scanId: string };

/** The new photo's path, or null when the scan is gone (expired, another account's, used). */
export async function copyScanToInvoicePhoto(
  storage: Storage,
  { accountId, invoiceId, scanId }: ScanPhotoParams,
): Promise<string | null> {
  const scan = await storage.get(scanPath(accountId, scanId));
  if (!scan) return null;
  const photo = invoicePhotoPath(accountId, invoiceId, 'jpg');
  await storage.put(photo, scan.bytes, scan.contentType);
  return photo;
}

export function deleteScan(
  storage: Storage,
  { accountId, scanId }: Omit<ScanPhotoParams, 'invoiceId'>,
): Promise<void> {
  return storage.delete(scanPath(accountId, scanId));
}
