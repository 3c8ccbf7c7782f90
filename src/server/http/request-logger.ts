import { createMiddleware } from 'hono/factory';
import type { Logger } from '#server/logger.ts';

/** A secret in a URL stays out of the logs: the spreadsheet feed's token (ADR 022). */
const SECRET_IN_PATH = /^\/api\/feed\/[^/]+/;

/** One log line per request, tagged with the request id (also sent as X-Request-Id). */
export function requestLogger(logger: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path.replace(SECRET_IN_PATH, '/api/feed/[redacted]'),
      status: c.res.status,
      ms,
    };
    if (c.res.status >= 500) logger.error(line, 'request');
    else if (c.req.path.startsWith('/api/')) logger.info(line, 'request');
    else logger.debug(line, 'request');
  });
}
