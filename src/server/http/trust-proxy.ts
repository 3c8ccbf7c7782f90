// TRUST_PROXY: which proxies in front of the app the operator vouches for, and so how far the
// X-Forwarded-For header may be believed. Anyone can send that header; only the entries that a
// trusted proxy appended say who connected to it. Without TRUST_PROXY the header is ignored and
// the client is the socket's peer.
//
// Each proxy appends the address it received the request from to X-Forwarded-For. So, for
// `client → P2 → P1 → app`, P1 is the socket peer and the header reads `…, client, P2`.
// - A hop count N says "N proxies, P1 … PN, stand in front of the app, the socket peer being
//   P1": the client is the Nth address from the right of X-Forwarded-For (N = 1: its last entry,
//   written by P1). With fewer than N entries, the leftmost one (the furthest address a trusted
//   proxy saw); with none, the socket peer.
// - A list of IPs/CIDRs says "these addresses are our proxies": only when the socket peer is one
//   of them is the header read, from the right, skipping the trusted addresses; the first
//   untrusted one is the client. If every entry is trusted, the leftmost; an entry that is not an
//   IP address stops the walk at the trusted address that forwarded it.
import { BlockList, isIP } from 'node:net';
import { normaliseIp } from './ip-address.ts';

export type TrustProxy = { hops: number } | { cidrs: string[] };

const MAX_HOPS = 10;

/** Parses TRUST_PROXY; throws an Error with a pt-PT message when the value is not valid. */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > MAX_HOPS) {
      throw new Error(`o número de proxies deve estar entre 1 e ${MAX_HOPS}`);
    }
    return { hops };
  }
  const cidrs = value.split(',').map((entry) => entry.trim());
  for (const cidr of cidrs) {
    if (parseCidr(cidr) === null) {
      throw new Error(
        `"${cidr}" não é um número de proxies (1 a ${MAX_HOPS}) nem um endereço IP ou bloco CIDR`,
      );
    }
  }
  return { cidrs };
}

type Cidr = { network: string; prefix: number; family: 'ipv4' | 'ipv6' };

function parseCidr(entry: string): Cidr | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const network = normaliseIp(address);
  if (network === null || address.includes('[')) return null;
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6';
  const maxPrefix = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { network, prefix: maxPrefix, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > maxPrefix) return null;
  return { network, prefix: Number(prefixText), family };
}

const trustedSets = new WeakMap<{ cidrs: string[] }, BlockList>();

function trustedSet(trust: { cidrs: string[] }): BlockList {
  let set = trustedSets.get(trust);
  if (!set) {
    set = new BlockList();
    for (const entry of trust.cidrs) {
      const cidr = parseCidr(entry);
      if (cidr) set.addSubnet(cidr.network, cidr.prefix, cidr.family);
    }
    trustedSets.set(trust, set);
  }
  return set;
}

function isTrusted(set: BlockList, ip: string): boolean {
  return set.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address (normalised) from the socket peer and the X-Forwarded-For header, as
 * described at the top of this file; null only when there is no peer and nothing to trust.
 */
export function pickClientIp(
  peer: string | null,
  forwardedFor: string | undefined,
  trust: TrustProxy | undefined,
): string | null {
  const socketPeer = peer === null ? null : normaliseIp(peer);
  if (!trust || !forwardedFor) return socketPeer;
  const entries = forwardedFor.split(',').map((entry) => normaliseIp(entry));

  if ('hops' in trust) {
    const index = Math.max(0, entries.length - trust.hops);
    // Written by a proxy the operator declared; not an address only if a proxy wrote garbage.
    return entries[index] ?? socketPeer;
  }

  const set = trustedSet(trust);
  if (socketPeer === null || !isTrusted(set, socketPeer)) return socketPeer;
  let nearest = socketPeer;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry === null || entry === undefined) return nearest;
    if (!isTrusted(set, entry)) return entry;
    nearest = entry;
  }
  return nearest;
}
