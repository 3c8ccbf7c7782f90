// Server-side team sessions (issue 18.3, ADR 024): who acts in which account for one signed-in
// browser. The browser holds only a random token in the httpOnly cookie `papelada.team`; the row
// (found by the token's SHA-256) says the account, the kind (main user by PIN, a PIN profile, a
// member's own login) and until when. A row is bound to the Better Auth session that made it, so
// signing out ends it (cascade), and one auth session has at most one team session.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  subscriptions,
  teamMembers,
  teamSessions,
  teamSubUsers,
} from '#server/db/schema/index.ts';
import {
  subscriptionRightsColumns,
  subscriptionRightsOrNull,
} from '#server/features/plans/plan-access.queries.ts';
import { hashSecretToken, newSecretToken } from '#server/http/secret-token.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import { parseRole, type Actor } from '#shared/permissions.ts';
import type { SubscriptionRights } from '#shared/plans.ts';
import { TEAM_COOKIE, TEAM_SESSION_TTL_MS, type TeamSessionKind } from '#shared/team.ts';

/**
 * A member's choice of account lasts as long as the sign-in that made it (the row goes with the
 * auth session); this only bounds it. The team's plan is checked on every request.
 */
export const MEMBER_SESSION_TTL_MS = 30 * 86_400_000;

export type StartTeamSession = {
  authSessionId: string;
  /** The signed-in person. */
  userId: string;
  accountId: string;
  kind: TeamSessionKind;
  subUserId?: string;
  memberUserId?: string;
  /** Default: 24 hours from now (spec §9). */
  expiresAt?: Date;
};

/**
 * Starts the browser's team session, replacing the one it had: returns the token for the
 * cookie (setTeamCookie) and when it ends.
 */
export async function startTeamSession(
  db: Database,
  input: StartTeamSession,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = input.expiresAt ?? new Date(Date.now() + TEAM_SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(teamSessions).where(eq(teamSessions.authSessionId, input.authSessionId));
    await tx.insert(teamSessions).values({
      tokenHash: hashSecretToken(token),
      authSessionId: input.authSessionId,
      userId: input.userId,
      accountId: input.accountId,
      kind: input.kind,
      subUserId: input.kind === 'sub-user' ? input.subUserId : null,
      memberUserId: input.kind === 'member' ? input.memberUserId : null,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

/** Ends this browser's team session ('Sair' of a sub-user, back to one's own account). */
export async function endTeamSessionOf(db: Database, authSessionId: string): Promise<void> {
  await db.delete(teamSessions).where(eq(teamSessions.authSessionId, authSessionId));
}

/** Ends every session of a PIN profile (deactivated, new PIN). */
export async function endSubUserSessions(
  db: Database,
  accountId: string,
  subUserId: string,
): Promise<void> {
  await db
    .delete(teamSessions)
    .where(and(eq(teamSessions.accountId, accountId), eq(teamSessions.subUserId, subUserId)));
}

/** Ends the PIN sessions (main and sub-user) of an account: team management switched off. */
export async function endPinSessions(db: Database, accountId: string): Promise<void> {
  await db
    .delete(teamSessions)
    .where(
      and(eq(teamSessions.accountId, accountId), sql`${teamSessions.kind} in ('main', 'sub-user')`),
    );
}

/**
 * Tells every server that the account's team changed: their session caches forget the
 * account's entries (session-cache.ts), and open pages refetch (live updates).
 */
export async function publishTeamChanged(events: EventBus, accountId: string): Promise<void> {
  await events.publish(accountId, { type: 'team.changed' });
}

export type CookieSecurity = { secure: boolean };

export function setTeamCookie(
  c: Context,
  token: string,
  expiresAt: Date,
  { secure }: CookieSecurity,
) {
  setCookie(c, TEAM_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    expires: expiresAt,
  });
}

export function clearTeamCookie(c: Context, { secure }: CookieSecurity) {
  deleteCookie(c, TEAM_COOKIE, { httpOnly: true, secure, sameSite: 'Lax', path: '/' });
}

/** The account's team settings and the team session the cookie names, read in one query. */
export type TeamContext = {
  /** accounts.team_management_enabled of the signed-in user's own account. */
  teamManagementEnabled: boolean;
  mainPinSet: boolean;
  /** The team session the cookie names, if it is valid now; null without one. */
  session: ResolvedTeamSession | null;
  /** A cookie was sent and names no valid session (ended, expired, someone else's). */
  isStale: boolean;
  /** The subscription of the account acted in (the session's, else the user's own). */
  subscription: SubscriptionRights | null;
};

export type ResolvedTeamSession = {
  accountId: string;
  actor: Exclude<Actor, { kind: 'pending' }>;
  /** The PIN profile's name (kind sub-user). */
  subUserName: string | null;
};

/**
 * One query on a session-cache miss: the own account's team flag and main PIN; the team session
 * of `teamToken` when it belongs to this auth session and user and is unexpired, with its
 * sub-user or membership; and the subscription of the account acted in.
 */
export async function readTeamContext(
  db: Database,
  {
    userId,
    authSessionId,
    teamToken,
  }: { userId: string; authSessionId: string; teamToken?: string },
): Promise<TeamContext> {
  const tokenHash = teamToken === undefined ? null : hashSecretToken(teamToken);
  const ts = teamSessions;
  const sessionMatches =
    tokenHash === null
      ? sql`false`
      : and(
          eq(ts.tokenHash, tokenHash),
          eq(ts.authSessionId, authSessionId),
          eq(ts.userId, userId),
          gt(ts.expiresAt, sql`now()`),
        );
  const [row] = await db
    .select({
      teamEnabled: accounts.teamManagementEnabled,
      mainPinSet: sql<boolean>`${accounts.mainPinHash} is not null`,
      accountId: ts.accountId,
      kind: ts.kind,
      subUserId: ts.subUserId,
      subUserName: teamSubUsers.name,
      subUserRole: teamSubUsers.role,
      subUserActive: teamSubUsers.isActive,
      memberRole: teamMembers.role,
      ...subscriptionRightsColumns,
    })
    .from(accounts)
    .leftJoin(ts, sessionMatches)
    .leftJoin(
      teamSubUsers,
      and(eq(teamSubUsers.accountId, ts.accountId), eq(teamSubUsers.id, ts.subUserId)),
    )
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.accountId, ts.accountId), eq(teamMembers.userId, ts.memberUserId)),
    )
    .leftJoin(
      subscriptions,
      eq(subscriptions.accountId, sql`coalesce(${ts.accountId}, ${accounts.id})`),
    )
    .where(eq(accounts.id, userId))
    .limit(1);
  if (!row)
    return {
      teamManagementEnabled: false,
      mainPinSet: false,
      session: null,
      isStale: tokenHash !== null,
      subscription: null,
    };
  const session = toSession(row, userId);
  return {
    teamManagementEnabled: row.teamEnabled,
    mainPinSet: row.mainPinSet,
    session,
    isStale: tokenHash !== null && session === null,
    // A session found but not valid (an inactive profile) acts in the own account: its plan.
    subscription:
      session === null && row.accountId !== null && row.accountId !== userId
        ? null
        : subscriptionRightsOrNull(row),
  };
}

type ContextRow = {
  accountId: string | null;
  kind: TeamSessionKind | null;
  subUserId: string | null;
  subUserName: string | null;
  subUserRole: string | null;
  subUserActive: boolean | null;
  memberRole: string | null;
};

function toSession(row: ContextRow, userId: string): ResolvedTeamSession | null {
  if (row.accountId === null || row.kind === null) return null;
  switch (row.kind) {
    case 'main':
      // A main-PIN session is the holder's, in their own account.
      return row.accountId === userId
        ? { accountId: row.accountId, actor: { kind: 'main' }, subUserName: null }
        : null;
    case 'sub-user':
      if (row.accountId !== userId || !row.subUserId || !row.subUserActive) return null;
      return {
        accountId: row.accountId,
        actor: { kind: 'sub-user', role: parseRole(row.subUserRole), subUserId: row.subUserId },
        subUserName: row.subUserName,
      };
    case 'member':
      if (row.memberRole === null) return null;
      return {
        accountId: row.accountId,
        actor: { kind: 'member', role: parseRole(row.memberRole), userId },
        subUserName: null,
      };
  }
}
