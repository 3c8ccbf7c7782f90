// The request scope (ADR 017): the one middleware of the signed-in API. The Better Auth session
// decides who is asking; its user's id is the tenant every query of the request is scoped by
// (STYLE.md "Boundaries"); the actor is who acts inside the account; the plan is the account's
// rights now. Set once per request as `c.var.scope`; routes then declare requireCapability(...)
// and data-dependent checks call `can(scope, …)` (#shared/capabilities.ts).
//
// Teams (issue 18, ADR 024): the account is the user's own unless the httpOnly team cookie names
// a valid team session (team-sessions.ts) — a member acting in another account, or a PIN profile
// chosen on the holder's device. With team management on (and in the plan) and no profile
// chosen, the actor is 'pending' and only the routes mounted with `allowPending` answer (the
// profile and 'Acesso à Conta'); everything else is 403 PROFILE_SELECTION_REQUIRED. A cookie
// naming a session that ended is 403 TEAM_SESSION_ENDED once, and the cookie is cleared.
//
// Performance (issue 13.3): a session looked up in the last few seconds is served from the
// session cache together with the account's subscription, so a cache hit costs no query at all;
// the plan is resolved from it with the request's `now` (a plan that lapses by date needs no
// invalidation). Sign-outs and revocations ('sessions.revoked') and plan changes
// ('subscription.changed') forget the account's entries on every server (session-cache.ts).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { withAccount } from '#server/db/account-context.ts';
import type { Database } from '#server/db/client.ts';
import {
  clearTeamCookie,
  readTeamContext,
  type CookieSecurity,
  type TeamContext,
} from '#server/features/team/team-sessions.ts';
import { AppError } from '#server/http/errors.ts';
import type { Actor } from '#shared/permissions.ts';
import {
  getPlanFeatures,
  planAccessOf,
  type PlanAccess,
  type SubscriptionRights,
} from '#shared/plans.ts';
import { actorKeyOf, TEAM_COOKIE, TEAM_MESSAGES } from '#shared/team.ts';
import { markSessionActivity } from '#server/features/sessions/session-activity.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import { sessionCacheOf, type Auth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';

export type SessionUser = Auth['$Infer']['Session']['user'];

export type RequestScope = {
  /** The account every query of the request is scoped by: the user's own, or a member's team's. */
  accountId: string;
  /** Who acts inside the account; capabilities are checked against it. */
  actor: Actor;
  /** The account's plan access at the time of the request. */
  plan: PlanAccess;
  /** The signed-in person (the account holder, whoever holds the PIN profile, or a member). */
  userId: string;
  /** This browser's Better Auth session, which team sessions are bound to. */
  authSessionId: string;
  /** What writes record as their author (#shared/team.ts actorKeyOf); null while pending. */
  actorKey: string | null;
  /** The acting profile's name as shown (the PIN profile's, or the person's). */
  actorName: string;
  /** The user's own account has team management on, and its plan includes it. */
  teamManagementActive: boolean;
};

export type ScopeVariables = {
  scope: RequestScope;
  /** The session's user (email, name), for the few routes that need more than the scope. */
  user: SessionUser;
};
export type ScopeEnv = { Variables: ScopeVariables };

/**
 * Overrides who acts for a signed-in request (tests act as a role through it: createTestApp
 * `actAs`). Without it, the team session decides.
 */
export type ActorOf = (c: Context, user: SessionUser) => Actor;

export type RequestScopeDeps = {
  auth: Auth;
  db: Database;
  actorOf?: ActorOf;
  /** The team cookie's Secure flag (when clearing a stale one). */
  cookie?: CookieSecurity;
  /**
   * Lets a request through while no profile is chosen, and falls back quietly from a team
   * session that ended: GET /api/profile and /api/team-access only.
   */
  allowPending?: boolean;
};

/** What the session cache holds per pair of cookies: the user, its team context, the plan. */
type CachedSession = {
  user: SessionUser;
  authSessionId: string;
  team: TeamContext;
  /** The acting account's subscription. */
  subscription: SubscriptionRights | null;
};

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

type Resolved = Pick<RequestScope, 'accountId' | 'actor' | 'actorName' | 'teamManagementActive'> & {
  isStale: boolean;
};

/** Who acts where, from the team context and the plan (the acting account's). */
function resolveActing(session: CachedSession, plan: PlanAccess): Resolved {
  const { user, team } = session;
  const teamInPlan = getPlanFeatures(plan).teamManagement;
  const found = team.session;
  if (found && found.actor.kind === 'member') {
    // A member acts while the team's plan includes teams.
    if (teamInPlan)
      return {
        accountId: found.accountId,
        actor: found.actor,
        actorName: user.name,
        teamManagementActive: team.teamManagementEnabled,
        isStale: false,
      };
  }
  // In the user's own account from here: `plan` is the own account's, unless a member session
  // just lapsed (then its plan decided that it lapsed; the own plan is read on the next miss).
  const ownPlanKnown = !(found && found.actor.kind === 'member');
  const teamManagementActive = ownPlanKnown && team.teamManagementEnabled && teamInPlan;
  if (found && found.actor.kind !== 'member' && teamManagementActive) {
    return {
      accountId: found.accountId,
      actor: found.actor,
      actorName: found.subUserName ?? user.name,
      teamManagementActive,
      isStale: false,
    };
  }
  return {
    accountId: user.id,
    actor: teamManagementActive ? { kind: 'pending' } : { kind: 'main' },
    actorName: user.name,
    teamManagementActive,
    // A PIN session of a team switched off is simply not needed any more.
    isStale: team.isStale || (found !== null && found.actor.kind === 'member'),
  };
}

/** 401 UNAUTHENTICATED without a valid session; otherwise sets `scope` and `user`. */
export function requestScope({
  auth,
  db,
  actorOf,
  cookie = { secure: false },
  allowPending = false,
}: RequestScopeDeps) {
  // The cache holds what this middleware stores in it (and nothing else stores anything).
  const cache = sessionCacheOf(auth) as SessionCache<CachedSession>;
  let cookieName: Promise<string> | undefined;

  /** A cache miss: Better Auth's lookup, the team context, then the acting account's plan. */
  async function lookUp(
    c: Context,
    cacheKey: string | undefined,
    signed: string | undefined,
  ): Promise<CachedSession> {
    const lookupStartedAt = performance.now();
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) throw new AppError(401, 'UNAUTHENTICATED', AUTH_ERRORS.unauthenticated);
    // 'Última atividade' in /configuracoes: written at most every few minutes per session.
    await markSessionActivity(db, found.session);
    const team = await readTeamContext(db, {
      userId: found.user.id,
      authSessionId: found.session.id,
      // An emptied cookie (a client that kept 'papelada.team=' after it was cleared) is none.
      teamToken: getCookie(c, TEAM_COOKIE) || undefined,
    });
    const accountId = team.session?.accountId ?? found.user.id;
    const session: CachedSession = {
      user: found.user,
      authSessionId: found.session.id,
      team,
      subscription: team.subscription,
    };
    // Only when the cookie named is the session Better Auth found (not another cookie of the
    // same name further along the header). Skipped by the cache when the user's sessions, the
    // account's plan or its team changed since the lookup began.
    if (cacheKey !== undefined && signed !== undefined && tokenOf(signed) === found.session.token)
      cache.set(cacheKey, {
        userId: found.user.id,
        accountId,
        value: session,
        sessionExpiresAt: found.session.expiresAt,
        lookupStartedAt,
      });
    return session;
  }

  return createMiddleware<ScopeEnv>(async (c, next) => {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const header = c.req.header('cookie');
    const signed = cookieValue(header, await cookieName);
    const cacheKey =
      signed === undefined ? undefined : `${signed}\n${cookieValue(header, TEAM_COOKIE) ?? ''}`;
    const session =
      (cacheKey === undefined ? undefined : cache.get(cacheKey)) ??
      (await lookUp(c, cacheKey, signed));
    const plan = planAccessOf(session.subscription, new Date());
    const resolved = resolveActing(session, plan);
    if (resolved.isStale) {
      clearTeamCookie(c, cookie);
      if (!allowPending)
        throw new AppError(403, 'TEAM_SESSION_ENDED', TEAM_MESSAGES.teamSessionEnded);
    }
    const actor = actorOf ? actorOf(c, session.user) : resolved.actor;
    if (actor.kind === 'pending' && !allowPending)
      throw new AppError(403, 'PROFILE_SELECTION_REQUIRED', TEAM_MESSAGES.profileSelectionRequired);
    c.set('user', session.user);
    c.set('scope', {
      accountId: resolved.accountId,
      actor,
      plan,
      userId: session.user.id,
      authSessionId: session.authSessionId,
      actorKey: actorKeyOf(actor, session.user.id),
      actorName: resolved.actorName,
      teamManagementActive: resolved.teamManagementActive,
    });
    // The rest of the request reads and writes as its account: the database's row-level
    // security shows no other account's rows, even to a query that forgot its filter (ADR 027).
    await withAccount(resolved.accountId, next);
  });
}
