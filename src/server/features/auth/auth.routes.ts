// /api/auth: Better Auth's handler, with our guards in front of three of its endpoints
// (database rate limits on sign-in and reset requests, the reset password rule of spec §5),
// and GET /providers so the web shows the Google button only when it works. Every error
// Better Auth answers leaves in the one error shape, in pt-PT (auth-error-shape.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Database } from '#server/db/client.ts';
import { authUsers } from '#server/db/schema/index.ts';
import { recordSecurityEvent } from '#server/features/security/security-events.ts';
import { AppError, zodIssues } from '#server/http/errors.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import { newPasswordSchema } from '#shared/schemas/auth.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import type { Auth } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { withAuthErrorShape } from './auth-error-shape.ts';
import {
  attemptsInWindow,
  clearAttempts,
  countAttempt,
  LOGIN_EMAIL_RULE,
  LOGIN_EMAIL_SLOWDOWN,
  LOGIN_IP_RULE,
  loginDelayMs,
  loginKeys,
  minutesLeft,
  peekAttempts,
  RESEND_RULE,
  RESET_RULE,
  type RateLimitRule,
} from './rate-limit.ts';

export type AuthRoutesDeps = {
  auth: Auth;
  db: Database;
  googleEnabled: boolean;
  /** TRUST_PROXY: whose X-Forwarded-For entries name the client; without it, the socket peer. */
  trustProxy?: TrustProxy;
};

/** Reads a JSON body without consuming it: Better Auth reads the request afterwards. */
async function peekJson(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

function normalisedEmail(body: Record<string, unknown>): string | null {
  return typeof body.email === 'string' && body.email.trim() !== ''
    ? body.email.trim().toLowerCase()
    : null;
}

/** Failures are counted after the fact, so the failure that reaches `max` starts the block. */
const asFailureRule = (rule: RateLimitRule): RateLimitRule => ({ ...rule, max: rule.max - 1 });

export function authRoutes({ auth, db, googleEnabled, trustProxy }: AuthRoutesDeps) {
  /** Security events of a sign-in (issue 19.8): the email's account when there is one. */
  const recordSignIn = async (
    kind: 'login_failed' | 'login_blocked',
    email: string | null,
    ip: string,
  ) => {
    const [user] = email
      ? await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email))
      : [];
    await recordSecurityEvent(db, {
      accountId: user?.id ?? null,
      kind,
      ip,
      detail: email ? { email } : {},
    });
  };

  const keysOf = (c: Context, action: string, email: string | null) => {
    const ipKey = { key: `${action}:ip:${clientIp(c, trustProxy)}`, isEmail: false };
    return email ? [{ key: `${action}:email:${email}`, isEmail: true }, ipKey] : [ipKey];
  };

  /** Counts an attempt for the email and the IP; the longer wait left, or 0 when allowed. */
  const countAll = async (c: Context, action: string, rule: RateLimitRule) => {
    let retryAfterMs = 0;
    for (const { key } of keysOf(c, action, normalisedEmail(await peekJson(c)))) {
      retryAfterMs = Math.max(retryAfterMs, (await countAttempt(db, key, rule)).retryAfterMs ?? 0);
    }
    return retryAfterMs;
  };

  /** Better Auth's answer, its errors in the one error shape (auth-error-shape.ts). */
  const handle = async (request: Request) => withAuthErrorShape(await auth.handler(request));

  return (
    new Hono()
      .get('/providers', (c) => c.json({ google: googleEnabled }))
      // Named so the typed client (hc<AppType>) knows it; the body is Better Auth's.
      .get('/get-session', (c) => handle(c.req.raw))
      .post('/sign-in/email', async (c) => {
        // Issue 12.3: the address that keeps failing is blocked; the email itself only slows
        // down (loginDelayMs), so nobody can lock its owner out from elsewhere.
        const email = normalisedEmail(await peekJson(c));
        const ip = clientIp(c, trustProxy);
        const blockable = [loginKeys.ip(ip), ...(email ? [loginKeys.source(email, ip)] : [])];
        for (const key of blockable) {
          if ((await peekAttempts(db, key)).retryAfterMs !== null) {
            await recordSignIn('login_blocked', email, ip);
            throw new AppError(429, 'TOO_MANY_REQUESTS', AUTH_ERRORS.tooManyLogins);
          }
        }
        if (email) {
          const { rule } = LOGIN_EMAIL_SLOWDOWN;
          const failures = await attemptsInWindow(db, loginKeys.email(email), rule.windowMs);
          const delayMs = loginDelayMs(failures);
          // Before the password is checked, whatever it is: the wait tells nothing about it.
          if (delayMs > 0) await sleep(delayMs);
        }
        const response = await handle(c.req.raw);
        if (response.status === 401) {
          await recordSignIn('login_failed', email, ip);
          await countAttempt(db, loginKeys.ip(ip), asFailureRule(LOGIN_IP_RULE));
          if (email) {
            await countAttempt(db, loginKeys.source(email, ip), asFailureRule(LOGIN_EMAIL_RULE));
            await countAttempt(db, loginKeys.email(email), LOGIN_EMAIL_SLOWDOWN.rule);
          }
        } else if (response.ok && email) {
          // The IP's count is kept: one good password must not reset a spray across accounts;
          // so is the email's across addresses (only a password reset clears it).
          await clearAttempts(db, loginKeys.source(email, ip));
        }
        return response;
      })
      .post('/request-password-reset', async (c) => {
        const retryAfterMs = await countAll(c, 'reset', RESET_RULE);
        if (retryAfterMs > 0) {
          const message = AUTH_ERRORS.resetRateLimited(minutesLeft(retryAfterMs));
          throw new AppError(429, 'RESET_RATE_LIMITED', message);
        }
        return handle(c.req.raw);
      })
      .post('/send-verification-email', async (c) => {
        if ((await countAll(c, 'resend', RESEND_RULE)) > 0) {
          throw new AppError(429, 'RATE_LIMIT', AUTH_ERRORS.emailRateLimited);
        }
        return handle(c.req.raw);
      })
      .post('/reset-password', async (c) => {
        // Spec §5: at least 8 characters with a letter and a digit (Better Auth checks only 6).
        const parsed = newPasswordSchema.safeParse((await peekJson(c)).newPassword);
        if (!parsed.success) {
          const issues = zodIssues(parsed.error).map((i) => ({ ...i, path: 'newPassword' }));
          throw new AppError(400, 'VALIDATION', issues[0]?.message ?? '', issues);
        }
        return handle(c.req.raw);
      })
      .on(['GET', 'POST'], '/*', (c) => handle(c.req.raw))
  );
}
