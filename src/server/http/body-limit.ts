// Caps every request body under /api before anything reads it (issue 12.7): Better Auth and
// the JSON validators read a body whole, so without a cap one 100 MB request grows the server
// by several times that. A declared Content-Length over the cap is refused before a byte is
// read; a chunked body is counted as it streams and refused at the first byte over the cap
// (hono/body-limit), so at most the cap is ever held.
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { MAX_UPLOAD_BYTES } from '#shared/upload-check.ts';
import { AppError, MESSAGES } from './errors.ts';

/** JSON and any other non-multipart body: far above any form of the app. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Multipart bodies are uploads: the upload routes (invoice photos, profile photo, scan) keep
 * their own, tighter caps and messages; this outer bound is twice the largest of them so that
 * those routes still answer their own message for any oversized file a person would pick,
 * while a multipart body sent anywhere else (e.g. to Better Auth, which would parse it) stays
 * bounded too.
 */
export const MAX_MULTIPART_BODY_BYTES = 2 * MAX_UPLOAD_BYTES;

function hasBody(
  method: string,
  contentLength: string | undefined,
  transferEncoding: string | undefined,
): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return transferEncoding !== undefined || (contentLength !== undefined && contentLength !== '0');
}

const tooLarge = () => {
  throw new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
};

export function requestBodyLimit(
  limits: { json: number; multipart: number } = {
    json: MAX_JSON_BODY_BYTES,
    multipart: MAX_MULTIPART_BODY_BYTES,
  },
) {
  const jsonLimit = bodyLimit({ maxSize: limits.json, onError: tooLarge });
  const multipartLimit = bodyLimit({ maxSize: limits.multipart, onError: tooLarge });
  return createMiddleware((c, next) => {
    // A request with neither header carries no body (RFC 9112 §6.3), and a GET or HEAD body is
    // dropped before it reaches a handler: nothing to count. Skipping them also spares most
    // requests hono/body-limit's look at c.req.raw.body, which makes @hono/node-server build a
    // whole Request (an AbortSignal, undici's header validation) that nothing else needs.
    if (!hasBody(c.req.method, c.req.header('content-length'), c.req.header('transfer-encoding')))
      return next();
    const type = c.req.header('content-type') ?? '';
    return /^\s*multipart\/form-data/i.test(type) ? multipartLimit(c, next) : jsonLimit(c, next);
  });
}
