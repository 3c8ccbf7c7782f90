// Bearer secrets kept only as their SHA-256 (the feed's URL, team sessions, invitations): 32
// random bytes handed out once as base64url. A token that random needs no salt or slow hash:
// nobody can guess one to try against a stolen hash, and the lookup by hash is one index probe.
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes in base64url: anything else is answered as an unknown token. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
