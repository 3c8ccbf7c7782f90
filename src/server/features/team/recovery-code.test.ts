import { expect, test } from 'vitest';
import { RECOVERY_CODE_LENGTH } from '#shared/team.ts';
import {
  hashRecoveryCode,
  newRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  sameRecoveryHash,
} from './recovery-code.ts';

test('a code is 6 characters of the alphabet, with no character read alike', () => {
  expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
  const codes = Array.from({ length: 500 }, newRecoveryCode);
  for (const code of codes) {
    expect(code).toHaveLength(RECOVERY_CODE_LENGTH);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
  }
  // Random: 500 codes from 31^6 are all different, and every symbol turns up.
  expect(new Set(codes).size).toBe(500);
  expect(new Set(codes.join('')).size).toBe(RECOVERY_CODE_ALPHABET.length);
});

test('the hash ignores letter case and spaces, and differs per account and per code', () => {
  const hash = hashRecoveryCode('conta-1', 'K7P2QX');
  expect(hashRecoveryCode('conta-1', ' k7p2qx ')).toBe(hash);
  expect(hashRecoveryCode('conta-2', 'K7P2QX')).not.toBe(hash);
  expect(hashRecoveryCode('conta-1', 'K7P2QY')).not.toBe(hash);
  expect(hash).not.toContain('K7P2QX');
  expect(sameRecoveryHash(hash, hashRecoveryCode('conta-1', 'k7p2qx'))).toBe(true);
  expect(sameRecoveryHash(hash, hashRecoveryCode('conta-1', 'K7P2QY'))).toBe(false);
  expect(sameRecoveryHash(hash, '')).toBe(false);
});
