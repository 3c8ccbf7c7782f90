// An invoice photo's files in storage: the photo and its thumbnail are written together and
// deleted together. The row's image_paths names only photos; thumbnails follow from them.
import type { Storage } from '#server/services/storage/storage.ts';
import {
  invoicePhotoPath,
  isInvoicePhotoPath,
  photoThumbnailPath,
  storagePathAccount,
} from '#server/services/storage/storage-path.ts';

export type StoreInvoicePhotoParams = {
  accountId: string;
  invoiceId: string;
  /** JPEG, already re-encoded (invoice-photo-image.ts). */
  photo: Uint8Array;
  /** WebP. */
  thumbnail: Uint8Array;
};

/** Stores both files and returns the photo's new path; the thumbnail goes first, so a listed photo always has one. */
export async function storeInvoicePhoto(
  storage: Storage,
  { accountId, invoiceId, photo, thumbnail }: StoreInvoicePhotoParams,
): Promise<string> {
  const photoPath = invoicePhotoPath(accountId, invoiceId, 'jpg');
  await storage.put(photoThumbnailPath(photoPath), thumbnail, 'image/webp');
  await storage.put(photoPath, photo, 'image/jpeg');
  return photoPath;
}

/** Deletes photos of `accountId` and their thumbnails; paths of another account are left alone. */
export async function deleteInvoicePhotoFiles(
  storage: Storage,
  { accountId, paths }: { accountId: string; paths: readonly string[] },
): Promise<void> {
  const files = paths
    .filter((p) => storagePathAccount(p) === accountId)
    .flatMap((p) => (isInvoicePhotoPath(p) ? [p, photoThumbnailPath(p)] : [p]));
  await Promise.all(files.map((file) => storage.delete(file)));
}
