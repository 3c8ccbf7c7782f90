// The server's security monitor (issue 19 point 8), on every signed-in request: it records —
// never blocks — what the spec's browser-side monitor watched (accounts-access-plans §5, §9):
//  - a string with a script tag or a javascript: scheme in a JSON body ('suspicious_input');
//  - an upload refused: too large, an executable, active content, not an image or PDF
//    ('upload_refused'; executables and active content are high severity);
//  - 10 or more requests that change something within 60 s in one account ('request_burst',
//    once per burst). Counted in this server's memory: a monitor, not a limit, so a burst
//    split across servers may go unnoticed, while nothing is written on the hot path.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { AppError } from '#server/http/errors.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import type { Logger } from '#server/logger.ts';
import { SECURITY_THRESHOLDS, SUSPICIOUS_INPUT } from '#shared/security-events.ts';
import { recordSecurityEvent } from './security-events.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Error codes of a refused upload, and how serious each is. */
const REFUSED_UPLOADS: Record<string, 'medium' | 'high'> = {
  FILE_TOO_LARGE: 'medium',
  PAYLOAD_TOO_LARGE: 'medium',
  PHOTO_TOO_LARGE: 'medium',
  IMAGE_TOO_LARGE: 'medium',
  UNSUPPORTED_TYPE: 'medium',
  PHOTO_INVALID_TYPE: 'medium',
  INVALID_IMAGE: 'medium',
  EXECUTABLE_REFUSED: 'high',
  PDF_ACTIVE_CONTENT: 'high',
};

/** The first string in `value` (depth-first, bounded) that looks like an injection attempt. */
export function findSuspiciousText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return SUSPICIOUS_INPUT.test(value) ? value : null;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = findSuspiciousText(item, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Writes per account in the last minute, in this server's memory. */
export function createBurstCounter(now: () => number = Date.now) {
  const writes = new Map<string, { times: number[]; reportedAt: number }>();
  const { rapidRequests, rapidWindowMs } = SECURITY_THRESHOLDS;
  let lastSweep = now();
  return {
    /** Counts one write; true when it makes a burst not reported yet. */
    count(accountId: string): boolean {
      const at = now();
      if (at - lastSweep > rapidWindowMs) {
        for (const [key, entry] of writes)
          if ((entry.times.at(-1) ?? 0) <= at - rapidWindowMs) writes.delete(key);
        lastSweep = at;
      }
      const entry = writes.get(accountId) ?? { times: [], reportedAt: -Infinity };
      writes.set(accountId, entry);
      entry.times = entry.times.filter((t) => t > at - rapidWindowMs);
      entry.times.push(at);
      if (entry.times.length < rapidRequests || entry.reportedAt > at - rapidWindowMs) return false;
      entry.reportedAt = at;
      return true;
    },
  };
}

export type SecurityMonitorDeps = {
  db: Database;
  logger?: Logger;
  trustProxy?: TrustProxy;
};

async function jsonBodyOf(c: Context): Promise<unknown> {
  if (!c.req.header('content-type')?.toLowerCase().includes('application/json')) return undefined;
  // A copy: some routes read the request's own stream (uploads), which must stay unread.
  return c.req.raw
    .clone()
    .json()
    .catch(() => undefined);
}

async function errorCodeOf(c: Context): Promise<string | null> {
  if (c.error instanceof AppError) return c.error.code;
  if (c.res.status < 400) return null;
  try {
    const body = (await c.res.clone().json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}

/** After the request scope: `c.var.scope` names the account. */
export function securityMonitor({ db, logger, trustProxy }: SecurityMonitorDeps) {
  const bursts = createBurstCounter();
  return createMiddleware<ScopeEnv>(async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const { accountId } = c.var.scope;
    const record = (event: Parameters<typeof recordSecurityEvent>[1]) =>
      void recordSecurityEvent(db, event, logger);
    const ip = clientIp(c, trustProxy);
    const route = `${c.req.method} ${c.req.path}`;
    if (bursts.count(accountId)) {
      record({
        accountId,
        kind: 'request_burst',
        ip,
        detail: { requests: SECURITY_THRESHOLDS.rapidRequests, seconds: 60, route },
      });
    }
    const suspicious = findSuspiciousText(await jsonBodyOf(c));
    if (suspicious !== null)
      record({ accountId, kind: 'suspicious_input', ip, detail: { route, text: suspicious } });

    await next();

    if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/')) return;
    const code = await errorCodeOf(c);
    const severity = code === null ? undefined : REFUSED_UPLOADS[code];
    if (code !== null && severity !== undefined) {
      const length = Number(c.req.header('content-length'));
      record({
        accountId,
        kind: 'upload_refused',
        severity,
        ip,
        detail: { route, reason: code, ...(Number.isFinite(length) ? { bytes: length } : {}) },
      });
    }
  });
}
