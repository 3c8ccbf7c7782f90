// The request scope (ADR 017): the one middleware of the signed-in API. The Better Auth session
// decides who is asking; its user's id is the tenant every query of the request is scoped by
// (STYLE.md "Boundaries"); the actor is who acts inside the account; the plan is the account's
// rights now. Set once per request as `c.var.scope`; routes then declare requireCapability(...)
// and data-dependent checks call `can(scope, …)` (#shared/capabilities.ts).
//
// Performance (issue 13.3): a session looked up in the last few seconds is served from the
// session cache together with the account's subscription, so a cache hit costs no query at all;
// the plan is resolved from it with the request's `now` (a plan that lapses by date needs no
// invalidation). Sign-outs and revocations ('sessions.revoked') and plan changes
// ('subscription.changed') forget the account's entries on every server (session-cache.ts).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import { getSubscriptionRights } from '#server/features/plans/plan-access.queries.ts';
import { AppError } from '#server/http/errors.ts';
import type { Actor } from '#shared/permissions.ts';
import { planAccessOf, type PlanAccess, type SubscriptionRights } from '#shared/plans.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import { sessionCacheOf, type Auth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';

export type SessionUser = Auth['$Infer']['Session']['user'];

export type RequestScope = {
  /** The signed-in main user's id, which is also the id of the account it owns. */
  accountId: string;
  /** Who acts inside the account; capabilities are checked against it. */
  actor: Actor;
  /** The account's plan access at the time of the request. */
  plan: PlanAccess;
};

export type ScopeVariables = {
  scope: RequestScope;
  /** The session's user (email, name), for the few routes that need more than the scope. */
  user: SessionUser;
};
export type ScopeEnv = { Variables: ScopeVariables };

/**
 * Who acts for a signed-in request. The main user until team sessions (PIN profiles, a later
 * issue) resolve a sub-user here; tests act as a sub-user through it (createTestApp `actAs`).
 */
export type ActorOf = (c: Context, user: SessionUser) => Actor;
export const mainUserActs: ActorOf = () => ({ kind: 'main' });

export type RequestScopeDeps = { auth: Auth; db: Database; actorOf?: ActorOf };

/** What the session cache holds per session cookie: the user and the account's subscription. */
type CachedSession = { user: SessionUser; subscription: SubscriptionRights | null };

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

/** 401 UNAUTHENTICATED without a valid session; otherwise sets `scope` and `user`. */
export function requestScope({ auth, db, actorOf = mainUserActs }: RequestScopeDeps) {
  // The cache holds what this middleware stores in it (and nothing else stores anything).
  const cache = sessionCacheOf(auth) as SessionCache<CachedSession>;
  let cookieName: Promise<string> | undefined;

  /** A cache miss: Better Auth's lookup, then the subscription by its primary key. */
  async function lookUp(c: Context, signed: string | undefined): Promise<CachedSession> {
    const lookupStartedAt = performance.now();
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) throw new AppError(401, 'UNAUTHENTICATED', AUTH_ERRORS.unauthenticated);
    const session = {
      user: found.user,
      subscription: await getSubscriptionRights(db, found.user.id),
    };
    // Only when the cookie named is the session Better Auth found (not another cookie of the
    // same name further along the header). Skipped by the cache when the user's sessions or
    // the account's plan changed since the lookup began.
    if (signed !== undefined && tokenOf(signed) === found.session.token)
      cache.set(signed, {
        userId: found.user.id,
        value: session,
        sessionExpiresAt: found.session.expiresAt,
        lookupStartedAt,
      });
    return session;
  }

  return createMiddleware<ScopeEnv>(async (c, next) => {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const signed = cookieValue(c.req.header('cookie'), await cookieName);
    const session =
      (signed === undefined ? undefined : cache.get(signed)) ?? (await lookUp(c, signed));
    c.set('user', session.user);
    c.set('scope', {
      accountId: session.user.id,
      actor: actorOf(c, session.user),
      plan: planAccessOf(session.subscription, new Date()),
    });
    await next();
  });
}
