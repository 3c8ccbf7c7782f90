// Guards a protected API route: the Better Auth session decides who is asking, and its
// user's id is the tenant every query of the request is scoped by (STYLE.md "Boundaries").
import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/http/errors.ts';
import type { Actor } from '#shared/permissions.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import { sessionCacheOf, type Auth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';

export type SessionUser = Auth['$Infer']['Session']['user'];

export type AccountVariables = {
  /** The signed-in main user's id, which is also the id of the account it owns. */
  accountId: string;
  user: SessionUser;
  /**
   * Who acts inside the account; permissions are checked against it (require-permission.ts).
   * Always the main user until team sessions (PIN profiles) exist.
   */
  actor: Actor;
};
export type AccountEnv = { Variables: AccountVariables };

/**
 * The value of cookie `name` in a Cookie header, as sent (still URL-encoded); undefined when
 * absent. Only a cache key: Better Auth parses and verifies the cookie on every cache miss.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name)
      return pair.slice(separator + 1).trim() || undefined;
  }
  return undefined;
}

/** The session token inside a signed session cookie value ("<token>.<signature>"). */
function tokenOf(signedValue: string): string | undefined {
  try {
    const decoded = decodeURIComponent(signedValue);
    const dot = decoded.lastIndexOf('.');
    return dot > 0 ? decoded.slice(0, dot) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 401 UNAUTHENTICATED without a valid session; otherwise sets `accountId`, `user` and `actor`.
 * A session looked up in the last few seconds is served from the session cache, which every
 * sign-out and revocation empties for the user on every server (session-cache.ts).
 */
export function requireAccount(auth: Auth) {
  // The cache holds what this middleware stores in it: the session's user.
  const cache = sessionCacheOf(auth) as SessionCache<SessionUser>;
  let cookieName: Promise<string> | undefined;
  return createMiddleware<AccountEnv>(async (c, next) => {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const signed = cookieValue(c.req.header('cookie'), await cookieName);
    let user = signed === undefined ? undefined : cache.get(signed);
    if (!user) {
      const lookupStartedAt = performance.now();
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new AppError(401, 'UNAUTHENTICATED', AUTH_ERRORS.unauthenticated);
      user = session.user;
      // Only when the cookie named is the session Better Auth found (not another cookie of
      // the same name further along the header).
      if (signed !== undefined && tokenOf(signed) === session.session.token)
        cache.set(signed, {
          userId: user.id,
          value: user,
          sessionExpiresAt: session.session.expiresAt,
          lookupStartedAt,
        });
    }
    c.set('accountId', user.id);
    c.set('user', user);
    c.set('actor', { kind: 'main' });
    await next();
  });
}
