// Signed, expiring URLs for stored files: `/api/files/<path>?expires=<unix s>&sig=<hmac>`.
// The HMAC-SHA256 key is derived from the session secret, so rotating that secret also
// invalidates every outstanding file link.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILES_URL_PREFIX = '/api/files/';
// Expiry is rounded up to this step so a file's URL stays the same for a while and the
// browser's private cache can reuse the image between page loads.
const EXPIRY_STEP_SECONDS = 600;

export type UrlSigner = {
  sign(path: string, expiresInSeconds?: number, now?: Date): string;
  /** True when `sig` is the signature of `path` until `expires` and that moment is not past. */
  verify(path: string, expires: string | undefined, sig: string | undefined, now?: Date): boolean;
};

export function createUrlSigner(secret: string): UrlSigner {
  const key = createHmac('sha256', secret).update('papelada:files:v1').digest();
  const signature = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest();

  return {
    sign(path, expiresInSeconds = 3600, now = new Date()) {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const expires =
        Math.ceil((nowSeconds + expiresInSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      const sig = signature(path, expires).toString('base64url');
      const encodedPath = path.split('/').map(encodeURIComponent).join('/');
      return `${FILES_URL_PREFIX}${encodedPath}?expires=${expires}&sig=${sig}`;
    },
    verify(path, expires, sig, now = new Date()) {
      if (!expires || !/^\d{1,12}$/.test(expires) || !sig) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 <= now.getTime()) return false;
      // Compared as text: base64url's last character carries spare bits, so several spellings
      // decode to the same bytes, and only the one we issued may pass.
      const expected = Buffer.from(signature(path, expiresAt).toString('base64url'));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
