// The main-PIN recovery code (issue 18.7, spec §9: 6 characters): upper-case letters and digits
// without the ones read alike (0/O, 1/I/L), drawn with the crypto RNG, typed in any letter case.
// Only a SHA-256 of it, salted with its account, is stored: it lives 15 minutes and allows 5
// tries, so a slow hash would add nothing but cost.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_LENGTH } from '#shared/team.ts';

export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Wrong codes typed against one code before it is spent. */
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** As typed: surrounding spaces and the letter case do not matter. */
export function hashRecoveryCode(accountId: string, code: string): string {
  return createHash('sha256').update(`${accountId}:${code.trim().toUpperCase()}`).digest('hex');
}

/** Compares two hashes of hashRecoveryCode in constant time. */
export function sameRecoveryHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
