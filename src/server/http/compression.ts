// Response compression, only where it pays (issue 13.3). hono/compress gzips through a web
// CompressionStream: every c.json answer (it carries no Content-Length, so hono's 1 KB
// threshold never applies) paid ~1 ms of stream machinery, an 82-byte counter included. Here
// JSON is measured as it is serialised: below the threshold it leaves as it is, above it is
// compressed in one zlib call — brotli at quality 1 when the client takes it (every browser
// over HTTPS: a 35 KB list page to 4.0 KB), else gzip at level 1 (4.5 KB). Up to 64 KB that call
// runs right here: brotli q1 takes ~0.01 ms on 4 KB and ~0.05 ms on 35 KB, while a trip to
// libuv's thread pool and back costs ~0.1 ms even idle and more under load. Larger answers (an
// account's full data) go to the pool, so they do not hold up the thread that serves every
// other request.
// Everything else (static files with a Content-Length, other text) keeps hono/compress.
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCallback,
  brotliCompressSync,
  gzip as gzipCallback,
  gzipSync,
  constants as zlib,
} from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';

/** Below this many bytes a response is sent as it is: gzip saves nothing worth its time. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The q of `coding` in Accept-Encoding (1 when it has none), or null when not named. */
function qualityOf(header: string, coding: string): number | null {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined ? 1 : Number(q.slice(2));
  }
  return null;
}

/** Whether Accept-Encoding takes `encoding`: named with q > 0, or else `*` with q > 0. */
function accepts(header: string, encoding: Encoding): boolean {
  // RFC 9110 §12.5.3: a coding named explicitly (even with q=0) overrides `*`.
  const q = qualityOf(header, encoding) ?? qualityOf(header, '*');
  return q !== null && q > 0;
}

/** The encoding for a large answer: brotli if accepted, else gzip, else none. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  if (accepts(header, 'br')) return 'br';
  return accepts(header, 'gzip') ? 'gzip' : null;
}

/** Up to this many bytes an answer is compressed on the request's own thread. */
export const INLINE_COMPRESSION_MAX_BYTES = 64 * 1024;

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);
const brotliOptions = (bytes: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: 1,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});
const gzipOptions = { level: zlib.Z_BEST_SPEED };

function encode(
  encoding: Encoding,
  text: string,
  bytes: number,
): Buffer<ArrayBuffer> | Promise<Buffer<ArrayBuffer>> {
  if (bytes <= INLINE_COMPRESSION_MAX_BYTES) {
    return encoding === 'br'
      ? brotliCompressSync(text, brotliOptions(bytes))
      : gzipSync(text, gzipOptions);
  }
  return encoding === 'br' ? brotli(text, brotliOptions(bytes)) : gzip(text, gzipOptions);
}

type JsonArgs = Parameters<Context['json']>;
type HeaderRecord = Record<string, string | string[]>;

export function compression(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESSION_THRESHOLD_BYTES;
  const others = compress({ threshold });
  return createMiddleware(async (c, next) => {
    const encoding =
      c.req.method === 'HEAD' ? null : chooseEncoding(c.req.header('accept-encoding'));
    // c.json is a per-request property of the context: wrapping it here sees the serialised
    // text before a Response exists, where hono/compress would have to stream the Response.
    // The headers go on that one response only, never on the context (an error answer
    // built later must not inherit a Content-Encoding).
    let answeredJson = false;
    // The large answer still to gzip, once the handler is done (c.json itself is synchronous).
    let toEncode:
      { response: Response; text: string; bytes: number; encoding: Encoding } | undefined;
    const json = (object: unknown, arg?: JsonArgs[1], headers?: HeaderRecord) => {
      answeredJson = true;
      const text = JSON.stringify(object);
      const bytes = Buffer.byteLength(text);
      c.header('Vary', 'Accept-Encoding', { append: true });
      const plain = { 'content-type': 'application/json', ...headers };
      if (encoding === null || bytes < threshold) {
        // With a Content-Length, hono/compress below leaves the small answer alone.
        return c.body(text, arg as never, { ...plain, 'content-length': String(bytes) });
      }
      const response = c.body(text, arg as never, plain);
      toEncode = { response, text, bytes, encoding };
      return response;
    };
    // Same call, same Response at run time; c.json's type only adds the body's typing.
    c.json = json as unknown as Context['json'];
    await next();
    if (toEncode && c.res === toEncode.response) {
      const body = await encode(toEncode.encoding, toEncode.text, toEncode.bytes);
      const headers = new Headers(c.res.headers);
      headers.set('content-encoding', toEncode.encoding);
      headers.set('content-length', String(body.byteLength));
      // Only the status is read: @hono/node-server's Response keeps body, status and headers
      // aside and writes them straight to the socket, but reading anything else (statusText,
      // body) builds the full web Response around the 35 KB text first (~0.5 ms). c.json never
      // sets a status text.
      const { status } = c.res;
      // Unset first: assigning over a response merges the old one's headers into the new.
      c.res = undefined;
      c.res = new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
        status,
        headers,
      });
      return;
    }
    // A JSON answer is done; anything else goes through hono/compress, after the fact.
    if (!answeredJson) await others(c, async () => {});
  });
}
