// Logical storage paths ("<accountId>/avatar-….webp") are checked before they touch a
// disk or a key: plain segments only, so no path can climb out of the storage root.
import { randomBytes } from 'node:crypto';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_PATH_LENGTH = 512;

export function isSafeStoragePath(value: string): boolean {
  if (value.length === 0 || value.length > MAX_PATH_LENGTH) return false;
  return value.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

export function assertSafeStoragePath(value: string): string {
  if (!isSafeStoragePath(value)) throw new Error(`unsafe storage path: ${JSON.stringify(value)}`);
  return value;
}

/** A scanned document waiting to become an invoice's first photo (POST /api/scan). */
export function scanPath(accountId: string, scanId: string): string {
  return assertSafeStoragePath(`${accountId}/scans/${scanId}.jpg`);
}

/** An invoice photo: `<account>/<invoice>-<timestamp>-<random>.<ext>` (spec invoice-work §7). */
export function invoicePhotoPath(accountId: string, invoiceId: string, extension: string): string {
  const random = randomBytes(6).toString('hex');
  return assertSafeStoragePath(`${accountId}/${invoiceId}-${Date.now()}-${random}.${extension}`);
}

/** The account a stored file belongs to: its path's first segment. */
export function storagePathAccount(value: string): string | null {
  if (!isSafeStoragePath(value)) return null;
  return value.split('/', 1)[0] ?? null;
}

const INVOICE_PHOTO_FILE = /^[0-9a-f-]{36}-\d+-[0-9a-f]{12}\.jpg$/;

/** Whether `value` is an invoice photo as invoicePhotoPath names them (one with a thumbnail). */
export function isInvoicePhotoPath(value: string): boolean {
  const segments = value.split('/');
  return (
    isSafeStoragePath(value) && segments.length === 2 && INVOICE_PHOTO_FILE.test(segments[1] ?? '')
  );
}

/**
 * The thumbnail beside an invoice photo: `<account>/thumbs/<photo name>.webp`, in the photo's
 * own account folder, so the files route's account check covers it as it covers the photo.
 */
export function photoThumbnailPath(photoPath: string): string {
  if (!isInvoicePhotoPath(photoPath)) {
    throw new Error(`not an invoice photo path: ${JSON.stringify(photoPath)}`);
  }
  const [account = '', file = ''] = photoPath.split('/');
  return assertSafeStoragePath(`${account}/thumbs/${file.replace(/\.jpg$/, '')}.webp`);
}
