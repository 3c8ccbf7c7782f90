import { expect, test } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { normaliseIp } from './ip-address.ts';
import { parseTrustProxy, pickClientIp } from './trust-proxy.ts';

test('TRUST_PROXY is a hop count from 1 to 10 or a list of IPs and CIDR blocks', () => {
  expect(parseTrustProxy('1')).toEqual({ hops: 1 });
  expect(parseTrustProxy(' 10 ')).toEqual({ hops: 10 });
  expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8, ::1, 2001:db8::/32')).toEqual({
    cidrs: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', '2001:db8::/32'],
  });
  for (const bad of ['0', '11', '-1', '1.5', 'yes', '10.0.0.0/33', 'fd00::/129', '10.0.0/8']) {
    expect(() => parseTrustProxy(bad), bad).toThrow();
  }
  for (const bad of ['10.0.0.0/8,', '256.1.1.1', '10.0.0.0/8/1', '[::1]', 'fe80::1%eth0']) {
    expect(() => parseTrustProxy(bad), bad).toThrow();
  }
});

test('an invalid TRUST_PROXY stops the boot naming the variable; unset means no proxy', () => {
  expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
  expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
  expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
  expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
  expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
});

test('addresses are compared in one spelling', () => {
  expect(normaliseIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
  expect(normaliseIp('::FFFF:7f00:1')).toBe('127.0.0.1');
  expect(normaliseIp(' 2001:DB8:0:0::1 ')).toBe('2001:db8::1');
  expect(normaliseIp('[::1]')).toBe('::1');
  expect(normaliseIp('unknown')).toBeNull();
  expect(normaliseIp('1.2.3.4:80')).toBeNull();
});

test('without TRUST_PROXY the client is the socket peer, whatever X-Forwarded-For says', () => {
  expect(pickClientIp('198.51.100.1', '203.0.113.9', undefined)).toBe('198.51.100.1');
  expect(pickClientIp('::ffff:198.51.100.1', undefined, undefined)).toBe('198.51.100.1');
  expect(pickClientIp(null, '203.0.113.9', undefined)).toBeNull();
});

test('a hop count takes the Nth address from the right, the socket peer being the nearest proxy', () => {
  // client 203.0.113.9 → P2 10.0.0.2 → P1 10.0.0.1 (the peer); the client forged "6.6.6.6".
  const header = '6.6.6.6, 203.0.113.9, 10.0.0.2';
  expect(pickClientIp('10.0.0.1', header, { hops: 2 })).toBe('203.0.113.9');
  expect(pickClientIp('10.0.0.1', header, { hops: 1 })).toBe('10.0.0.2');
  // Fewer entries than proxies: the furthest address a proxy saw. None: the peer.
  expect(pickClientIp('10.0.0.1', '203.0.113.9', { hops: 3 })).toBe('203.0.113.9');
  expect(pickClientIp('10.0.0.1', undefined, { hops: 1 })).toBe('10.0.0.1');
  expect(pickClientIp('10.0.0.1', '::ffff:203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
  // A proxy that wrote something that is no address: the peer.
  expect(pickClientIp('10.0.0.1', '203.0.113.9, garbage', { hops: 1 })).toBe('10.0.0.1');
});

test('a CIDR list walks X-Forwarded-For from the right past trusted addresses, only from a trusted peer', () => {
  const trust = parseTrustProxy('10.0.0.0/8, fd00::/8');
  const header = '6.6.6.6, 203.0.113.9, 10.1.2.3, fd00::5';
  expect(pickClientIp('10.0.0.1', header, trust)).toBe('203.0.113.9');
  expect(pickClientIp('::ffff:10.0.0.1', header, trust)).toBe('203.0.113.9');
  expect(pickClientIp('fd00::1', '2001:DB8::7', trust)).toBe('2001:db8::7');
  // The peer is not a proxy of ours: the header is anyone's, the peer is the client.
  expect(pickClientIp('198.51.100.1', header, trust)).toBe('198.51.100.1');
  // Every entry trusted: the furthest one. An entry that is no address: the proxy before it.
  expect(pickClientIp('10.0.0.1', '10.9.9.9, 10.1.1.1', trust)).toBe('10.9.9.9');
  expect(pickClientIp('10.0.0.1', 'garbage, 10.1.1.1', trust)).toBe('10.1.1.1');
  expect(pickClientIp('10.0.0.1', undefined, trust)).toBe('10.0.0.1');
});
