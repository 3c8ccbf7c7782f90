// The client's IP for rate limits. X-Forwarded-For is anyone's to write, so it is read only
// through the proxies the operator declared in TRUST_PROXY (src/server/http/trust-proxy.ts);
// without it, the socket's peer address.
import type { Context } from 'hono';
import { socketPeerAddress } from '#server/http/ip-address.ts';
import { pickClientIp, type TrustProxy } from '#server/http/trust-proxy.ts';

export function clientIp(c: Context, trustProxy: TrustProxy | undefined): string {
  const forwardedFor = c.req.header('x-forwarded-for');
  // 'unknown' only without a Node socket: app.request() in API tests that pass no peer.
  return pickClientIp(socketPeerAddress(c), forwardedFor, trustProxy) ?? 'unknown';
}
