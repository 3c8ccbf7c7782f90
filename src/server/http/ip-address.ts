// IP addresses as the server compares them: one spelling per address, so that a rate-limit key
// or a trusted-proxy check cannot be dodged by writing the same address another way.
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The canonical form of an IP address (IPv6 lower-case and compressed, `::ffff:a.b.c.d` as the
 * IPv4 address it carries), or null when `raw` is not one. A bracketed IPv6 (`[::1]`) is read too.
 */
export function normaliseIp(raw: string): string | null {
  const value = raw.trim().replace(/^\[(.*)\]$/, '$1');
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6 || value.includes('%')) return null;
  // The URL parser prints IPv6 in its canonical form (RFC 5952), e.g. 2001:DB8:0::1 → 2001:db8::1.
  const canonical = new URL(`http://[${value}]`).hostname.slice(1, -1);
  return mappedIpv4(canonical) ?? canonical;
}

/** The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1; this reads it back as IPv4. */
function mappedIpv4(canonical: string): string | null {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return null;
  const [high, low] = [parseInt(match[1] ?? '', 16), parseInt(match[2] ?? '', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The address of the TCP peer, normalised, or null without a Node socket. `app.request()` in
 * API tests has one only when the test passes the Node bindings (`{ incoming: { socket } }`).
 */
export function socketPeerAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normaliseIp(address) : null;
  } catch {
    return null;
  }
}
