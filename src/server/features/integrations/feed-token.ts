// The feed's secret (ADR 022): 32 random bytes, handed out once as base64url inside the feed's
// URL and kept only as its SHA-256. A token that random needs no salt or slow hash: nobody can
// guess one to try against a stolen hash, and the lookup by hash stays one index probe.
import { createHash, randomBytes } from 'node:crypto';
import { FEED_TOKEN_PATTERN } from '#shared/schemas/feed.ts';

export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `value` could be a token at all; anything else is answered as an unknown one. */
export function isFeedTokenShaped(value: string): boolean {
  return FEED_TOKEN_PATTERN.test(value);
}
