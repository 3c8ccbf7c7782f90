// What a request in an API test carries, as the web client sends it: the origin, a CSRF token
// and, where a route needs one, the TCP peer. Apart from test-app.ts so that the test helpers
// (src/server/features/auth/test-helpers.ts) and the test app can both use it.
import { isIP } from 'node:net';

export const TEST_ORIGIN = 'http://localhost';
/** A well-formed X-CSRF-Token, as the web client generates one (32 random bytes, hex). */
export const TEST_CSRF_TOKEN = 'ab'.repeat(32);

/**
 * The Node bindings @hono/node-server hands the app as `c.env`, reduced to what getConnInfo reads:
 * the TCP peer. `app.request(path, init, peerEnv('203.0.113.7'))` is a request from that address;
 * without it a request has no socket, as from nowhere.
 */
export function peerEnv(remoteAddress: string) {
  const remoteFamily = isIP(remoteAddress) === 6 ? 'IPv6' : 'IPv4';
  return { incoming: { socket: { remoteAddress, remotePort: 54_321, remoteFamily } } };
}

/** A request from this machine, as a test runner on it makes one (the dev mailbox needs it). */
export const LOOPBACK_ENV = peerEnv('127.0.0.1');
