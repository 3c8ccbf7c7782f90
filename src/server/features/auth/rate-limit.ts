// Attempt counters kept in the `rate_limits` table, so every app instance agrees on them
// (DESIGN.md: nothing authoritative in memory). Each count is one atomic
// `insert … on conflict do update`, so two instances counting the same key at once
// never both slip under the limit.
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';

export type RateLimitRule = {
  /** Attempts allowed within one window; the next one is refused and starts the block. */
  max: number;
  windowMs: number;
  blockMs: number;
};

const MINUTE = 60_000;

/** Password-reset requests (spec §9): 3 per 15 minutes, then a 30-minute block. */
export const RESET_RULE: RateLimitRule = { max: 3, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };
/**
 * Failed sign-ins: 10 per email from one address (key `login:email+ip:<email>:<ip>`) and 30 per
 * IP within 15 minutes, then that address is refused for 15 minutes. Blocking the email from
 * every address would let anyone lock its owner out (issue 12.3); an attack spread over many
 * addresses is slowed instead (LOGIN_EMAIL_SLOWDOWN). The IP allowance is larger because an
 * office or a mobile carrier puts many people behind one address.
 */
export const LOGIN_EMAIL_RULE: RateLimitRule = {
  max: 10,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
/**
 * Failed sign-ins for one email across all addresses (key `login:email:<email>`) within an
 * hour. Never a block: past `after` failures every attempt on that email, the owner's
 * included, waits `firstDelayMs` doubled per further failure, at most `maxDelayMs`. So the
 * owner with the right password always gets in after at most `maxDelayMs`, while a spread
 * attack gets one guess per few seconds per connection on top of the per-address limits.
 */
export const LOGIN_EMAIL_SLOWDOWN = {
  rule: { max: 1_000_000, windowMs: 60 * MINUTE, blockMs: 0 } satisfies RateLimitRule,
  after: 30,
  firstDelayMs: 250,
  maxDelayMs: 4_000,
} as const;

/** The wait before a sign-in on an email that failed `failures` times across addresses. */
export function loginDelayMs(failures: number, slowdown = LOGIN_EMAIL_SLOWDOWN): number {
  if (failures < slowdown.after) return 0;
  const doublings = Math.min(failures - slowdown.after, 16);
  return Math.min(slowdown.maxDelayMs, slowdown.firstDelayMs * 2 ** doublings);
}
export const LOGIN_IP_RULE: RateLimitRule = {
  max: 30,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};

/** "Resend the verification email": 5 per email and per IP within 15 minutes. */
export const RESEND_RULE: RateLimitRule = { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE };

/** `retryAfterMs` is set while the key is blocked. */
export type RateLimitState = { attempts: number; retryAfterMs: number | null };

/**
 * Counts one attempt against `key` and says whether it is allowed. Within a block nothing
 * changes; after the window a new one starts at 1; the attempt past `max` starts the block.
 */
export async function countAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitState> {
  const t = rateLimits;
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const blockEnd = new Date(now.getTime() + rule.blockMs);
  const isBlocked = sql`${t.blockedUntil} > ${now}`;
  const isWindowOver = sql`${t.windowStartedAt} <= ${windowStart}`;
  // Inside `do update`, the bare column names are the stored row's values.
  const [row] = await db
    .insert(t)
    .values({
      key,
      windowStartedAt: now,
      attempts: 1,
      blockedUntil: rule.max < 1 ? blockEnd : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        windowStartedAt: sql`case when ${isBlocked} then ${t.windowStartedAt} when ${isWindowOver} then ${now}::timestamptz else ${t.windowStartedAt} end`,
        attempts: sql`case when ${isBlocked} then ${t.attempts} when ${isWindowOver} then 1 else ${t.attempts} + 1 end`,
        blockedUntil: sql`case when ${isBlocked} then ${t.blockedUntil} when not ${isWindowOver} and ${t.attempts} + 1 > ${rule.max} then ${blockEnd}::timestamptz else null end`,
        updatedAt: now,
      },
    })
    .returning({ attempts: t.attempts, blockedUntil: t.blockedUntil });
  if (!row) throw new Error('countAttempt: no row returned');
  return toState(row, now);
}

/** The key's state without counting anything (for limits that count only failures). */
export async function peekAttempts(
  db: Database,
  key: string,
  now = new Date(),
): Promise<RateLimitState> {
  const [row] = await db
    .select({ attempts: rateLimits.attempts, blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row ? toState(row, now) : { attempts: 0, retryAfterMs: null };
}

/** Attempts counted in the key's current window (0 once `windowMs` has passed). */
export async function attemptsInWindow(
  db: Database,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ attempts: rateLimits.attempts, windowStartedAt: rateLimits.windowStartedAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - windowMs) return 0;
  return row.attempts;
}

/** Forgets a key, e.g. the email's failed sign-ins after a successful one. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The sign-in counter keys of an email (normalised: trimmed, lower case). */
export const loginKeys = {
  email: (email: string) => `login:email:${email}`,
  source: (email: string, ip: string) => `login:email+ip:${email}:${ip}`,
  ip: (ip: string) => `login:ip:${ip}`,
};

/**
 * Forgets every failed sign-in counted for `email`, from all addresses (a successful password
 * reset: its owner proved they hold the mailbox). The addresses' own counts are kept.
 */
export async function clearLoginCounters(db: Database, email: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const prefix = loginKeys.source(normalised, '');
  await db.delete(rateLimits).where(
    or(
      eq(rateLimits.key, loginKeys.email(normalised)),
      // left() rather than LIKE: an email may contain LIKE's wildcards `_` and `%`.
      sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`,
    ),
  );
}

function toState(row: { attempts: number; blockedUntil: Date | null }, now: Date): RateLimitState {
  const left = row.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0;
  return { attempts: row.attempts, retryAfterMs: left > 0 ? left : null };
}

/** Minutes left, rounded up, for 'Tente novamente em {n} minutos.' */
export function minutesLeft(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / MINUTE));
}
