// The newsletter's link tokens. Confirming: 32 random bytes, mailed once and stored only as
// their SHA-256 (http/secret-token.ts), with an expiry. Unsubscribing: the subscriber's id
// signed with SESSION_SECRET (HMAC-SHA256), so every message can carry a link that works for as
// long as the address is on the list without storing a secret per message; one that was
// altered, or signed by another secret, is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'newsletter-unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, id: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + id)
    .digest();
}

/** `<id as base64url>.<signature as base64url>`. */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  const id = Buffer.from(subscriberId.replaceAll('-', ''), 'hex').toString('base64url');
  return `${id}.${mac(secret, subscriberId).toString('base64url')}`;
}

/** The subscriber's id a token was signed for; null for anything else. */
export function subscriberIdOf(secret: string, token: string): string | null {
  const [id = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!UUID.test(uuid)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, uuid);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return uuid;
}
