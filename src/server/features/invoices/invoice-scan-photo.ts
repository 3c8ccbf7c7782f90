// The scanned document becomes the invoice's first photo (issue 5 "the document image kept as
// the invoice's first photo"): POST /api/scan stored it under the account's scans; creating
// the invoice copies it to the invoice's own photo path, with a thumbnail, before the row
// exists, so the row never names a missing file. Once the invoice is saved the route discards
// the scan, image and row (features/scan/kept-scans.ts discardScan).
import type { Storage } from '#server/services/storage/storage.ts';
import { scanPath } from '#server/services/storage/storage-path.ts';
import { photoThumbnail } from './invoice-photo-image.ts';
import { storeInvoicePhoto } from './invoice-photo-files.ts';

export type ScanPhotoParams = { accountId: string; invoiceId: string; scanId: string };

/** The new photo's path, or null when the scan is gone (expired, another account's, used). */
export async function copyScanToInvoicePhoto(
  storage: Storage,
  { accountId, invoiceId, scanId }: ScanPhotoParams,
): Promise<string | null> {
  const scan = await storage.get(scanPath(accountId, scanId));
  if (!scan) return null;
  // The scanner kept it as a metadata-free JPEG already (scanner.ts keepAsJpeg): it is stored
  // as it is, and only the thumbnail is made here.
  const thumbnail = await photoThumbnail(scan.bytes);
  return storeInvoicePhoto(storage, { accountId, invoiceId, photo: scan.bytes, thumbnail });
}
