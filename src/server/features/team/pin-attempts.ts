// PIN brute force (issue 18.6): a 4–6 digit PIN has at most a million values, so the server
// limits guesses whatever the browser does — per PIN (the main PIN, each sub-user's), per account
// and per IP address, in the shared `rate_limits` table so every server agrees.
//
// The PIN's own key counts every attempt *before* the PIN is checked, in one atomic statement,
// so a burst of parallel guesses cannot slip past the limit; a right PIN clears it. The account
// and address keys count failures only (a busy shared tablet signs in many times a day).
import type { Database } from '#server/db/client.ts';
import {
  clearAttempts,
  countAttempt,
  peekAttempts,
  type RateLimitRule,
} from '#server/features/auth/rate-limit.ts';
import { recordSecurityEvent } from '#server/features/security/security-events.ts';
import { AppError } from '#server/http/errors.ts';
import { MAIN_PIN_ATTEMPTS_SHOWN, TEAM_MESSAGES } from '#shared/team.ts';

const MINUTE = 60_000;

export const PIN_RULES = {
  /** Spec §9: the hint at the third attempt; the fourth within 15 minutes is locked. */
  main: { max: MAIN_PIN_ATTEMPTS_SHOWN, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  subUser: { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  account: { max: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  ip: { max: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export const pinKeys = {
  main: (accountId: string) => `pin:main:${accountId}`,
  subUser: (accountId: string, subUserId: string) => `pin:sub:${accountId}:${subUserId}`,
  account: (accountId: string) => `pin:account:${accountId}`,
  ip: (ip: string) => `pin:ip:${ip}`,
};

export type PinTarget = { key: string; rule: RateLimitRule };

const locked = () => new AppError(429, 'PIN_LOCKED', TEAM_MESSAGES.locked);

/**
 * Counts one attempt at `target` and refuses it (429 PIN_LOCKED) when the target, the account
 * or the address is blocked. Returns the target's attempts in its window, this one included.
 */
export async function beginPinAttempt(
  db: Database,
  target: PinTarget,
  { accountId, ip }: { accountId: string; ip: string },
): Promise<number> {
  const [account, address] = await Promise.all([
    peekAttempts(db, pinKeys.account(accountId)),
    peekAttempts(db, pinKeys.ip(ip)),
  ]);
  const refuse = async () => {
    await recordSecurityEvent(db, { accountId, kind: 'pin_locked', ip });
    return locked();
  };
  if (account.retryAfterMs !== null || address.retryAfterMs !== null) throw await refuse();
  const state = await countAttempt(db, target.key, target.rule);
  if (state.retryAfterMs !== null) throw await refuse();
  return state.attempts;
}

/** A wrong PIN: counted against the account and the address too. */
export async function recordPinFailure(
  db: Database,
  { accountId, ip }: { accountId: string; ip: string },
): Promise<void> {
  await Promise.all([
    countAttempt(db, pinKeys.account(accountId), PIN_RULES.account),
    countAttempt(db, pinKeys.ip(ip), PIN_RULES.ip),
  ]);
  await recordSecurityEvent(db, { accountId, kind: 'pin_failed', ip });
}

/** A right PIN: its own count starts again (the account's and the address's stay). */
export async function clearPinAttempts(db: Database, target: PinTarget): Promise<void> {
  await clearAttempts(db, target.key);
}
