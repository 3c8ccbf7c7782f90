// Cache-Control on every /api answer (issue 12.8): they are one account's data, or say whether
// one is signed in, so neither a shared proxy nor the browser's back/forward cache may keep them
// for someone else. A handler that chose its own private caching keeps it (the signed file GETs
// send `private, max-age=…` with `Vary: Cookie`; the event stream `no-cache`); anything else,
// a `public` or a bare `max-age` included, becomes `no-store`. Errors pass here too: the error
// handler has set the response by the time next() returns.
import type { MiddlewareHandler } from 'hono';

const PRIVATE_DIRECTIVE = /(?:^|,)\s*(?:private|no-store|no-cache)\s*(?:,|$|=)/i;

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const current = c.res.headers.get('Cache-Control');
    if (current !== null && PRIVATE_DIRECTIVE.test(current)) return;
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      // A Response passed through from fetch() has immutable headers: copy it first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Cache-Control', 'no-store');
    }
  };
}
