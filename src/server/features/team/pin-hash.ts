// PINs are hashed with argon2id (DESIGN.md "auth"; @node-rs/argon2, OWASP's m=19 MiB, t=2, p=1).
// A 4–6 digit PIN has at most a million values, so the hash alone does not protect it: the
// attempt limits of pin-attempts.ts do. The slow hash keeps a stolen table from giving every
// PIN away in seconds.
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPin(pin: string): Promise<string> {
  return hash(pin, OPTIONS);
}

/** False for a wrong PIN and for a stored value that is not an argon2 hash. */
export async function verifyPin(pinHash: string, pin: string): Promise<boolean> {
  try {
    return await verify(pinHash, pin);
  } catch {
    return false;
  }
}
