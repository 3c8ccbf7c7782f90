// Records, reads and prunes the security events (issue 19 point 8; the table's comment in
// db/schema/security-events.ts). Recording never fails the request that noticed something:
// a lost event is logged, the answer goes out as it would have.
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimits, securityEvents } from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import {
  SECURITY_EVENTS_MAX_AGE_MS,
  SECURITY_EVENTS_MAX_PER_ACCOUNT,
  SECURITY_THRESHOLDS,
  type SecurityEventDto,
  type SecurityEventKind,
  type SecuritySeverity,
} from '#shared/security-events.ts';

/** Events of no known account (an unknown email): a bound, since anyone can cause them. */
const MAX_WITHOUT_ACCOUNT = 10_000;

const SEVERITY: Record<SecurityEventKind, SecuritySeverity> = {
  login_failed: 'low',
  login_blocked: 'medium',
  auth_failures_burst: 'high',
  pin_failed: 'low',
  pin_locked: 'medium',
  upload_refused: 'medium',
  suspicious_input: 'medium',
  request_burst: 'medium',
};

/** Failed authentications that count towards SECURITY_THRESHOLDS.failedAuths. */
const FAILED_AUTHS: SecurityEventKind[] = ['login_failed', 'pin_failed'];

export type SecurityEventInput = {
  accountId: string | null;
  kind: SecurityEventKind;
  /** The kind's default unless given (an executable upload is high). */
  severity?: SecuritySeverity;
  ip: string;
  detail?: Record<string, string | number>;
};

/** Keeps what the event says short: a detail is a hint, not a copy of the request. */
function clip(detail: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(detail)
      .slice(0, 8)
      .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, 200) : value]),
  );
}

async function insert(db: Database, event: SecurityEventInput, now: Date): Promise<void> {
  await db.insert(securityEvents).values({
    accountId: event.accountId,
    kind: event.kind,
    severity: event.severity ?? SEVERITY[event.kind],
    ip: event.ip.slice(0, 64),
    detail: clip(event.detail ?? {}),
    createdAt: now,
  });
}

/** Deletes the account's events beyond the newest SECURITY_EVENTS_MAX_PER_ACCOUNT. */
async function cap(db: Database, accountId: string | null): Promise<void> {
  const limit = accountId === null ? MAX_WITHOUT_ACCOUNT : SECURITY_EVENTS_MAX_PER_ACCOUNT;
  const scope =
    accountId === null ? isNull(securityEvents.accountId) : eq(securityEvents.accountId, accountId);
  const beyond = db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(scope)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .offset(limit);
  await db.delete(securityEvents).where(and(scope, inArray(securityEvents.id, beyond)));
}

/**
 * Records one event (and, at the fifth failed authentication of an account within five
 * minutes, an 'auth_failures_burst'). Never throws.
 */
export async function recordSecurityEvent(
  db: Database,
  event: SecurityEventInput,
  logger?: Logger,
): Promise<void> {
  const now = new Date();
  try {
    await insert(db, event, now);
    logger?.warn(
      { securityEvent: event.kind, accountId: event.accountId, ip: event.ip },
      'security event',
    );
    if (event.accountId !== null && FAILED_AUTHS.includes(event.kind)) {
      const since = new Date(now.getTime() - SECURITY_THRESHOLDS.authWindowMs);
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.accountId, event.accountId),
            inArray(securityEvents.kind, FAILED_AUTHS),
            gte(securityEvents.createdAt, since),
          ),
        );
      // Exactly at the threshold: one burst event per run of failures, not one per failure.
      if (row?.count === SECURITY_THRESHOLDS.failedAuths) {
        await insert(
          db,
          {
            accountId: event.accountId,
            kind: 'auth_failures_burst',
            ip: event.ip,
            detail: { failures: row.count, minutes: SECURITY_THRESHOLDS.authWindowMs / 60_000 },
          },
          now,
        );
      }
    }
    await cap(db, event.accountId);
  } catch (err) {
    logger?.error({ err, securityEvent: event.kind }, 'security event not recorded');
  }
}

/** The account's events, newest first, as /configuracoes lists them. */
export async function listSecurityEvents(
  db: Database,
  accountId: string,
  limit = 100,
): Promise<SecurityEventDto[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.accountId, accountId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    ip: row.ip,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Spec §9: the rate limiter drops entries older than one hour (and no longer blocking). */
export const RATE_LIMIT_MAX_AGE_MS = 60 * 60_000;

/**
 * Every 5 minutes (security-prune.job.ts): security events older than 7 days, and rate-limit
 * counters whose window is over an hour old and that block nothing.
 */
export async function pruneSecurityData(
  db: Database,
  now: Date,
): Promise<{ events: { accountId: string | null }[]; rateLimits: number }> {
  const events = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, new Date(now.getTime() - SECURITY_EVENTS_MAX_AGE_MS)))
    .returning({ accountId: securityEvents.accountId });
  const counters = await db
    .delete(rateLimits)
    .where(
      and(
        lt(rateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_MAX_AGE_MS)),
        sql`(${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${now})`,
      ),
    )
    .returning({ key: rateLimits.key });
  return { events, rateLimits: counters.length };
}
