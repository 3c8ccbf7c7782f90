// /api/demo (issue 16 point 6, ADR 021): 'Ver demo' signs the visitor into the demo account —
// created, or rebuilt for the new month, on first use — with a Better Auth session of its own,
// so the rest of the app serves it like any account while demoReadOnly refuses its writes.
// Public (no session needed); state-changing, so the CSRF check of app.ts applies.
import { Hono } from 'hono';
import { setSignedCookie } from 'hono/cookie';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authSessions } from '#server/db/schema/index.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import { countAttempt, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { DEMO_ACCOUNT_ID } from '#shared/demo.ts';
import { DEMO_API_MESSAGES } from './demo.messages.ts';
import { ensureDemoAccount } from './demo-seed.queries.ts';

export type DemoDeps = { db: Database; auth: Auth; cipher: FieldCipher; trustProxy?: TrustProxy };

/** Demo sessions per address: a class or an office may all try it; a script may not flood. */
export const DEMO_SESSION_RULE: RateLimitRule = {
  max: 60,
  windowMs: 60 * 60_000,
  blockMs: 15 * 60_000,
};

export function demoRoutes({ db, auth, cipher, trustProxy }: DemoDeps) {
  return new Hono().post('/session', async (c) => {
    const limit = await countAttempt(db, `demo:ip:${clientIp(c, trustProxy)}`, DEMO_SESSION_RULE);
    if (limit.retryAfterMs !== null) {
      throw new AppError(429, 'RATE_LIMITED', DEMO_API_MESSAGES.tooMany);
    }
    await ensureDemoAccount(db, { today: todayInLisbon(), cipher });
    // Every visit adds a session; the ones that ran out go when a new one starts.
    await db
      .delete(authSessions)
      .where(and(eq(authSessions.userId, DEMO_ACCOUNT_ID), lt(authSessions.expiresAt, new Date())));
    const context = await auth.$context;
    // "Don't remember me": the session lasts a day and its cookie ends with the browser.
    const session = await context.internalAdapter.createSession(DEMO_ACCOUNT_ID, true, {
      ipAddress: clientIp(c, trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
    });
    const cookie = context.authCookies.sessionToken;
    const { maxAge: _maxAge, ...attributes } = cookie.attributes;
    await setSignedCookie(c, cookie.name, session.token, context.secret, attributes);
    return c.json({ accountId: DEMO_ACCOUNT_ID }, 200);
  });
}
