// The demo account is read-only (ADR 021), enforced here on the server for every way a request
// can change something: the signed-in API (after the request scope, which names the account)
// and Better Auth's own routes (a demo session may sign out or sign in as someone else, never
// change the demo user's password, email, name or sessions).
import { createMiddleware } from 'hono/factory';
import type { Auth } from '#server/features/auth/auth.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { AppError } from '#server/http/errors.ts';
import { isDemoAccount } from '#shared/demo.ts';
import { DEMO_API_MESSAGES } from './demo.messages.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function demoReadOnlyError(): AppError {
  return new AppError(403, 'DEMO_READ_ONLY', DEMO_API_MESSAGES.readOnly);
}

/** Behind the request scope: a demo session may read, never write. */
export function demoReadOnly() {
  return createMiddleware<ScopeEnv>(async (c, next) => {
    if (!READS.has(c.req.method) && isDemoAccount(c.var.scope.accountId)) {
      throw demoReadOnlyError();
    }
    await next();
  });
}

/** What a demo session may still do through Better Auth: leave, or sign in elsewhere. */
const ALLOWED_AUTH_PATHS = /^\/api\/auth\/(sign-out|sign-in\/[\w-]+)$/u;

/**
 * On /api/auth/*: a state-changing request made with a demo session is refused before Better
 * Auth sees it. The session is looked up only for such requests that carry a cookie: sign-in,
 * sign-up and reset requests (no session) cost nothing.
 */
export function demoAuthGuard(auth: Auth) {
  return createMiddleware(async (c, next) => {
    if (READS.has(c.req.method) || ALLOWED_AUTH_PATHS.test(c.req.path) || !c.req.header('cookie')) {
      return next();
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (session && isDemoAccount(session.user.id)) throw demoReadOnlyError();
    await next();
  });
}
