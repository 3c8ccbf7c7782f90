import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';
import { createSignedUrlCache, type SignedPhoto } from '../signed-url-cache.ts';

/**
 * `POST /api/files/sign { paths }` → `{ urls: { [path]: { url, thumbUrl, expiresAt } } }`;
 * paths that are not this account's are left out.
 */
export async function signPhotoPaths(paths: string[]): Promise<Record<string, SignedPhoto>> {
  const { urls } = await callApi(
    () => api.api.files.sign.$post({ json: { paths } }),
    PHOTO_MESSAGES.displayFailed,
  );
  return urls;
}

/** The tab's one cache of signed photo URLs (spec §7 "Storage"). */
export const signedPhotoUrls = createSignedUrlCache({ sign: signPhotoPaths });

/** A list page arrived: sign its cards' first photos ahead (at most 10). */
export function prefetchCardPhotos(invoices: readonly { imagePaths: readonly string[] }[]): void {
  const firstPhotos = invoices.flatMap((invoice) => invoice.imagePaths.slice(0, 1));
  if (firstPhotos.length > 0) signedPhotoUrls.prefetch(firstPhotos);
}
