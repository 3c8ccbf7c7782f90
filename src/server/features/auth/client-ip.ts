// The client's IP for rate limits. X-Forwarded-For is anyone's to write, so it is read
// only behind a proxy (APP_URL set), and then only its last hop: the address our proxy saw.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, isBehindProxy: boolean): string {
  if (isBehindProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim());
    const last = hops.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket: app.request() in API tests.
    return 'unknown';
  }
}
