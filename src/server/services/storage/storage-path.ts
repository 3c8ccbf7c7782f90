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
