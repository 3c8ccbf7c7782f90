// /api/auth: Better Auth's handler, with our guards in front of three of its endpoints
// (database rate limits on sign-in and reset requests, the reset password rule of spec §5),
// and GET /providers so the web shows the Google button only when it works.
import { Hono, type Context } from 'hono';
import type { Database } from '#server/db/client.ts';
import { AppError, zodIssues } from '#server/http/errors.ts';
import { newPasswordSchema } from '#shared/schemas/auth.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import type { Auth } from './auth.ts';
import { clientIp } from './client-ip.ts';
import {
  clearAttempts,
  countAttempt,
  LOGIN_EMAIL_RULE,
  LOGIN_IP_RULE,
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
  /** APP_URL is set: a proxy in front writes X-Forwarded-For. */
  isBehindProxy: boolean;
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

export function authRoutes({ auth, db, googleEnabled, isBehindProxy }: AuthRoutesDeps) {
  const keysOf = (c: Context, action: string, email: string | null) => {
    const ipKey = { key: `${action}:ip:${clientIp(c, isBehindProxy)}`, isEmail: false };
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

  return (
    new Hono()
      .get('/providers', (c) => c.json({ google: googleEnabled }))
      // Named so the typed client (hc<AppType>) knows it; the body is Better Auth's.
      .get('/get-session', (c) => auth.handler(c.req.raw))
      .post('/sign-in/email', async (c) => {
        const keys = keysOf(c, 'login', normalisedEmail(await peekJson(c)));
        for (const { key } of keys) {
          if ((await peekAttempts(db, key)).retryAfterMs !== null) {
            throw new AppError(429, 'TOO_MANY_REQUESTS', AUTH_ERRORS.tooManyLogins);
          }
        }
        const response = await auth.handler(c.req.raw);
        if (response.status === 401) {
          for (const { key, isEmail } of keys) {
            await countAttempt(db, key, asFailureRule(isEmail ? LOGIN_EMAIL_RULE : LOGIN_IP_RULE));
          }
        } else if (response.ok) {
          // The IP's count is kept: one good password must not reset a spray across accounts.
          for (const { key, isEmail } of keys) if (isEmail) await clearAttempts(db, key);
        }
        return response;
      })
      .post('/request-password-reset', async (c) => {
        const retryAfterMs = await countAll(c, 'reset', RESET_RULE);
        if (retryAfterMs > 0) {
          const message = AUTH_ERRORS.resetRateLimited(minutesLeft(retryAfterMs));
          throw new AppError(429, 'RESET_RATE_LIMITED', message);
        }
        return auth.handler(c.req.raw);
      })
      .post('/send-verification-email', async (c) => {
        if ((await countAll(c, 'resend', RESEND_RULE)) > 0) {
          throw new AppError(429, 'RATE_LIMIT', AUTH_ERRORS.emailRateLimited);
        }
        return auth.handler(c.req.raw);
      })
      .post('/reset-password', async (c) => {
        // Spec §5: at least 8 characters with a letter and a digit (Better Auth checks only 6).
        const parsed = newPasswordSchema.safeParse((await peekJson(c)).newPassword);
        if (!parsed.success) {
          const issues = zodIssues(parsed.error).map((i) => ({ ...i, path: 'newPassword' }));
          throw new AppError(400, 'VALIDATION', issues[0]?.message ?? '', issues);
        }
        return auth.handler(c.req.raw);
      })
      .on(['GET', 'POST'], '/*', (c) => auth.handler(c.req.raw))
  );
}
