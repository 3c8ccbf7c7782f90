// /api/files (issue 6 contract "Photos API"): POST /sign hands out signed, expiring URLs for the
// session's own files; GET /<path>?expires=…&sig=… serves a file only with a valid, unexpired
// signature AND a session of the account that owns the path (its first segment), so a leaked
// link works neither after it expires nor for anyone else.
import { Hono } from 'hono';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { FILES_URL_PREFIX } from '#server/services/storage/signed-url.ts';
import {
  isInvoicePhotoPath,
  isSafeStoragePath,
  photoThumbnailPath,
  storagePathAccount,
} from '#server/services/storage/storage-path.ts';
import { signFilesSchema } from '#shared/schemas/invoice-photos.ts';

export const FILES_MESSAGES = {
  forbidden: 'O link deste ficheiro é inválido ou expirou.',
} as const;

/** Spec invoice-work §7 "Storage": signed URLs are valid for 3600 s. */
export const SIGNED_URL_SECONDS = 3600;

export type SignedFileUrl = { url: string; thumbUrl: string; expiresAt: string };

export type FilesDeps = { storage: Storage };

// Nothing uploaded is ever served with an executable type (DESIGN.md "Security rules").
const SERVABLE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png', 'application/pdf']);

// Its own code: a bad link is not the access layer's refusal of a role (FORBIDDEN).
const forbidden = () => new AppError(403, 'INVALID_FILE_LINK', FILES_MESSAGES.forbidden);

function logicalPathOf(requestPath: string): string | null {
  if (!requestPath.startsWith(FILES_URL_PREFIX)) return null;
  try {
    return requestPath.slice(FILES_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** The moment a URL of ours stops working (its `expires`, rounded up by the signer). */
function expiresAtOf(signedUrl: string): string {
  const expires = new URL(signedUrl, 'http://localhost').searchParams.get('expires');
  return new Date(Number(expires) * 1000).toISOString();
}

function signedFileUrl(storage: Storage, path: string): SignedFileUrl {
  const url = storage.signedUrl(path, SIGNED_URL_SECONDS);
  // Only invoice photos have a thumbnail; any other file is its own.
  const thumbUrl = isInvoicePhotoPath(path)
    ? storage.signedUrl(photoThumbnailPath(path), SIGNED_URL_SECONDS)
    : url;
  return { url, thumbUrl, expiresAt: expiresAtOf(url) };
}

/**
 * Behind the request scope (app.ts): a signed URL opens its file only for a session of the
 * account that owns it, so a link that leaked is no use to anyone else.
 */
export function filesRoutes({ storage }: FilesDeps) {
  return new Hono<ScopeEnv>()
    .post('/sign', validate('json', signFilesSchema), (c) => {
      const accountId = c.var.scope.accountId;
      // Another account's paths (and anything unsafe, which has no account) are left out.
      const own = [...new Set(c.req.valid('json').paths)].filter(
        (path) => storagePathAccount(path) === accountId,
      );
      const urls: Record<string, SignedFileUrl> = Object.fromEntries(
        own.map((path) => [path, signedFileUrl(storage, path)]),
      );
      return c.json({ urls }, 200);
    })
    .get('/*', async (c) => {
      const logicalPath = logicalPathOf(c.req.path);
      const expires = c.req.query('expires');
      const sig = c.req.query('sig');
      if (
        !logicalPath ||
        !isSafeStoragePath(logicalPath) ||
        !storage.verifySignature(logicalPath, expires, sig)
      ) {
        throw forbidden();
      }
      if (storagePathAccount(logicalPath) !== c.var.scope.accountId) throw forbidden();

      const stored = await storage.get(logicalPath);
      if (!stored) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
      const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      return c.body(new Uint8Array(stored.bytes), 200, {
        'Content-Type': SERVABLE_TYPES.has(stored.contentType)
          ? stored.contentType
          : 'application/octet-stream',
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': `private, max-age=${Math.min(maxAge, SIGNED_URL_SECONDS)}`,
        // A browser's cached copy is reused only with the same session cookie, never after
        // another account signs in on it.
        Vary: 'Cookie',
      });
    });
}
