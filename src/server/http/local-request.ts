// "Is this request from this machine?" — the one check behind every development-only route
// (the dev mailbox and the dev plan switch, ADR 012). Those routes hand out password-reset
// links and paid plans, so being reachable on the network must not be enough:
// - the TCP peer is a loopback address, so no other machine can ask;
// - the Host header (and the URL built from it) names the machine, so a page from another site
//   that a local browser loads cannot reach the port through DNS rebinding (its requests carry
//   its own host name);
// - no proxy header is present, because a proxy on this machine would make every request look
//   local — whoever forwards requests here is not this machine.
import type { Context } from 'hono';
import { normaliseIp, socketPeerAddress } from './ip-address.ts';

/** The names of the machine a Host header may carry, with any port. */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** Headers a proxy adds; any one of them means the request was forwarded. */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];

/** 127.0.0.0/8 and ::1; `::ffff:127.x.y.z` arrives here already as 127.x.y.z. */
export function isLoopbackAddress(address: string): boolean {
  const ip = normaliseIp(address);
  return ip === '::1' || (ip !== null && ip.startsWith('127.'));
}

function hasProxyHeader(headers: Headers): boolean {
  for (const name of headers.keys()) {
    if (name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name)) return true;
  }
  return false;
}

export function isLocalRequest(c: Context): boolean {
  const peer = socketPeerAddress(c);
  if (peer === null || !isLoopbackAddress(peer)) return false;
  // Node's server builds the URL from the Host header, or from an absolute request target:
  // both must name the machine. app.request() in tests sends no Host header, only the URL.
  const host = c.req.header('host');
  if (host !== undefined && !LOCAL_HOST.test(host)) return false;
  if (!LOCAL_HOST.test(new URL(c.req.url).host)) return false;
  return !hasProxyHeader(c.req.raw.headers);
}
