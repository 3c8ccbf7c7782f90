// GET /api/files/<path>?expires=…&sig=… — serves a stored file to whoever holds a valid,
// unexpired signed URL (the profile API hands them out for the account's own files).
import { Hono } from 'hono';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { FILES_URL_PREFIX } from '#server/services/storage/signed-url.ts';
import { isSafeStoragePath } from '#server/services/storage/storage-path.ts';

export const FILES_MESSAGES = {
  forbidden: 'O link deste ficheiro é inválido ou expirou.',
} as const;

// Nothing uploaded is ever served with an executable type (DESIGN.md "Security rules").
const SERVABLE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png', 'application/pdf']);

function logicalPathOf(requestPath: string): string | null {
  if (!requestPath.startsWith(FILES_URL_PREFIX)) return null;
  try {
    return requestPath.slice(FILES_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

export function filesRoutes(storage: Storage) {
  return new Hono().get('/*', async (c) => {
    const logicalPath = logicalPathOf(c.req.path);
    const expires = c.req.query('expires');
    const sig = c.req.query('sig');
    if (
      !logicalPath ||
      !isSafeStoragePath(logicalPath) ||
      !storage.verifySignature(logicalPath, expires, sig)
    ) {
      throw new AppError(403, 'FORBIDDEN', FILES_MESSAGES.forbidden);
    }
    const stored = await storage.get(logicalPath);
    if (!stored) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    return c.body(new Uint8Array(stored.bytes), 200, {
      'Content-Type': SERVABLE_TYPES.has(stored.contentType)
        ? stored.contentType
        : 'application/octet-stream',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': `private, max-age=${Math.min(maxAge, 3600)}`,
    });
  });
}
