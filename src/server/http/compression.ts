// Response compression, only where it pays (issue 13.3). hono/compress gzips through a web
// CompressionStream: every c.json answer (it carries no Content-Length, so hono's 1 KB
// threshold never applies) paid ~1 ms of stream machinery, an 82-byte counter included. Here
// JSON is measured as it is serialised: below the threshold it leaves as it is, above it is
// gzipped in one zlib call at level 1 — a few hundred microseconds for a 30 KB list page,
// spent on libuv's thread pool rather than on the thread that serves every other request.
// Everything else (static files with a Content-Length, other text) keeps hono/compress.
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlib } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';

/** Below this many bytes a response is sent as it is: gzip saves nothing worth its time. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** gzip if the client accepts it (q > 0), as hono/compress decides, without the parse. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

const gzip = promisify(gzipCallback);

type JsonArgs = Parameters<Context['json']>;
type HeaderRecord = Record<string, string | string[]>;

export function compression(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESSION_THRESHOLD_BYTES;
  const others = compress({ threshold });
  return createMiddleware(async (c, next) => {
    const acceptsIt = c.req.method !== 'HEAD' && acceptsGzip(c.req.header('accept-encoding'));
    // c.json is a per-request property of the context: wrapping it here sees the serialised
    // text before a Response exists, where hono/compress would have to stream the Response.
    // The headers go on that one response only, never on the context (an error answer
    // built later must not inherit a Content-Encoding).
    let answeredJson = false;
    // The large answer still to gzip, once the handler is done (c.json itself is synchronous).
    let toGzip: { response: Response; text: string } | undefined;
    const json = (object: unknown, arg?: JsonArgs[1], headers?: HeaderRecord) => {
      answeredJson = true;
      const text = JSON.stringify(object);
      const bytes = Buffer.byteLength(text);
      c.header('Vary', 'Accept-Encoding', { append: true });
      const plain = { 'content-type': 'application/json', ...headers };
      if (!acceptsIt || bytes < threshold) {
        // With a Content-Length, hono/compress below leaves the small answer alone.
        return c.body(text, arg as never, { ...plain, 'content-length': String(bytes) });
      }
      const response = c.body(text, arg as never, plain);
      toGzip = { response, text };
      return response;
    };
    // Same call, same Response at run time; c.json's type only adds the body's typing.
    c.json = json as unknown as Context['json'];
    await next();
    if (toGzip && c.res === toGzip.response) {
      const body = await gzip(toGzip.text, { level: zlib.Z_BEST_SPEED });
      const headers = new Headers(c.res.headers);
      headers.set('content-encoding', 'gzip');
      headers.set('content-length', String(body.byteLength));
      const { status, statusText } = c.res;
      // Unset first: assigning over a response merges the old one's headers into the new.
      c.res = undefined;
      c.res = new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
        status,
        statusText,
        headers,
      });
      return;
    }
    // A JSON answer is done; anything else goes through hono/compress, after the fact.
    if (!answeredJson) await others(c, async () => {});
  });
}
