// /api/team-access (issue 18.2, 18.3, 18.5, ADR 024): choosing who acts — 'Acesso à Conta' on a
// shared device, and the account switcher of a person in several teams. Mounted with the request
// scope's `allowPending`: these are the only routes (with GET /api/profile) a browser reaches
// before a profile is chosen. The profiles offered are always the signed-in user's own account's.
//   GET    /              { teamManagementEnabled, mainPinSet, subUsers, acting }
//   POST   /sub-user      { subUserId, pin } → { acting } + team cookie
//   POST   /main          { pin } → { acting } + team cookie
//   DELETE /session       this browser's team session ends → { acting }
//   GET    /accounts      { accounts } the user may act in, own first
//   POST   /switch        { accountId } → { acting } + team cookie (own account: back to it)
//   /recovery/*, /invitations/* (pin-recovery.routes.ts, invitation-accept.routes.ts)
import { Hono, type Context } from 'hono';
import { acrossAccounts, withAccount } from '#server/db/account-context.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { TEAM_MESSAGES, type ActingProfile } from '#shared/team.ts';
import { mainLoginSchema, subUserLoginSchema, switchAccountSchema } from '#shared/schemas/team.ts';
import { invitationAcceptRoutes } from './invitation-accept.routes.ts';
import {
  beginPinAttempt,
  clearPinAttempts,
  PIN_RULES,
  pinKeys,
  recordPinFailure,
  type PinTarget,
} from './pin-attempts.ts';
import { verifyPin } from './pin-hash.ts';
import { pinRecoveryRoutes } from './pin-recovery.routes.ts';
import {
  getMembership,
  getSubUser,
  listAccountsOf,
  listActiveSubUsers,
  readOwnTeam,
} from './team-access.queries.ts';
import type { TeamDeps } from './team-deps.ts';
import { getAccountName } from './team.queries.ts';
import { actingOf } from './acting-profile.ts';
import {
  clearTeamCookie,
  endTeamSessionOf,
  MEMBER_SESSION_TTL_MS,
  publishTeamChanged,
  setTeamCookie,
  startTeamSession,
  type StartTeamSession,
} from './team-sessions.ts';

/** One answer shape for every route that changes who acts. */
const actingBody = (acting: ActingProfile): { acting: ActingProfile } => ({ acting });

const teamAccessDenied = () =>
  new AppError(403, 'TEAM_ACCESS_DENIED', TEAM_MESSAGES.teamAccessDenied);

export function teamAccessRoutes(deps: TeamDeps) {
  const { db, cookie, events } = deps;

  /**
   * The browser's team session changed: the session caches of every server forget this user's
   * entries (the old cookie must not act for even the cache's few seconds).
   */
  const forgetCachedSessions = (c: Context<ScopeEnv>) =>
    publishTeamChanged(events, c.var.scope.userId);

  async function begin(
    c: Context<ScopeEnv>,
    input: Omit<StartTeamSession, 'authSessionId' | 'userId'>,
  ) {
    const { scope } = c.var;
    const { token, expiresAt } = await startTeamSession(db, {
      ...input,
      authSessionId: scope.authSessionId,
      userId: scope.userId,
    });
    setTeamCookie(c, token, expiresAt, cookie);
    await forgetCachedSessions(c);
  }

  /** Counts the attempt, checks the PIN, and answers 401 WRONG_PIN (with the count) when wrong. */
  async function checkPin(
    c: Context<ScopeEnv>,
    target: PinTarget,
    pinHash: string,
    pin: string,
    wrongMessage: string,
  ) {
    const accountId = c.var.scope.userId;
    const ip = clientIp(c, deps.trustProxy);
    const failures = await beginPinAttempt(db, target, { accountId, ip });
    if (await verifyPin(pinHash, pin)) {
      await clearPinAttempts(db, target);
      return;
    }
    await recordPinFailure(db, { accountId, ip });
    throw new AppError(401, 'WRONG_PIN', wrongMessage, undefined, { failures });
  }

  return (
    new Hono<ScopeEnv>()
      // These routes act on the signed-in user's own account even while a member session acts
      // in another team's (scope.accountId): its rows are the ones the database shows (ADR 027).
      .use((c, next) => withAccount(c.var.scope.userId, next))
      .get('/', async (c) => {
        const { scope } = c.var;
        const [team, subUsers] = await Promise.all([
          readOwnTeam(db, scope.userId),
          listActiveSubUsers(db, scope.userId),
        ]);
        return c.json(
          {
            teamManagementEnabled: team.isActive,
            mainPinSet: team.mainPinHash !== null,
            subUsers: team.isActive ? subUsers : [],
            acting: actingOf(scope, scope.actorName),
          },
          200,
        );
      })
      .post('/sub-user', validate('json', subUserLoginSchema), async (c) => {
        const { subUserId, pin } = c.req.valid('json');
        const accountId = c.var.scope.userId;
        const team = await readOwnTeam(db, accountId);
        if (!team.isActive) throw teamAccessDenied();
        const subUser = await getSubUser(db, accountId, subUserId);
        if (!subUser) throw teamAccessDenied();
        if (!subUser.isActive)
          throw new AppError(403, 'SUB_USER_INACTIVE', TEAM_MESSAGES.inactiveSubUser(subUser.name));
        await checkPin(
          c,
          { key: pinKeys.subUser(accountId, subUser.id), rule: PIN_RULES.subUser },
          subUser.pinHash,
          pin,
          TEAM_MESSAGES.wrongSubUserPin(subUser.name),
        );
        await begin(c, { accountId, kind: 'sub-user', subUserId: subUser.id });
        const acting: ActingProfile = {
          kind: 'sub-user',
          name: subUser.name,
          role: subUser.role,
          subUserId: subUser.id,
        };
        return c.json(actingBody(acting), 200);
      })
      .post('/main', validate('json', mainLoginSchema), async (c) => {
        const { pin } = c.req.valid('json');
        const accountId = c.var.scope.userId;
        const team = await readOwnTeam(db, accountId);
        if (!team.isActive) throw teamAccessDenied();
        if (team.mainPinHash === null)
          throw new AppError(409, 'MAIN_PIN_NOT_SET', TEAM_MESSAGES.mainPinNotSet);
        await checkPin(
          c,
          { key: pinKeys.main(accountId), rule: PIN_RULES.main },
          team.mainPinHash,
          pin,
          TEAM_MESSAGES.wrongMainPin,
        );
        await begin(c, { accountId, kind: 'main' });
        const acting: ActingProfile = { kind: 'main', name: c.var.user.name, teamManagement: true };
        return c.json(actingBody(acting), 200);
      })
      .delete('/session', async (c) => {
        const { scope } = c.var;
        await endTeamSessionOf(db, scope.authSessionId);
        clearTeamCookie(c, cookie);
        await forgetCachedSessions(c);
        const team = await readOwnTeam(db, scope.userId);
        const acting: ActingProfile = team.isActive
          ? { kind: 'pending', name: c.var.user.name }
          : { kind: 'main', name: c.var.user.name, teamManagement: false };
        return c.json(actingBody(acting), 200);
      })
      .get('/accounts', async (c) => {
        const { scope } = c.var;
        // A person's memberships of other teams, with those accounts' names: across accounts by
        // nature, filtered by the user's id (ADR 027).
        const accounts = await acrossAccounts(() => listAccountsOf(db, scope.userId));
        return c.json(
          { accounts: accounts.map((a) => ({ ...a, current: a.accountId === scope.accountId })) },
          200,
        );
      })
      .post('/switch', validate('json', switchAccountSchema), async (c) => {
        const { accountId } = c.req.valid('json');
        const { scope, user } = c.var;
        if (accountId === scope.userId) {
          // Back to one's own account: its own rules (a PIN profile when team management is on).
          await endTeamSessionOf(db, scope.authSessionId);
          clearTeamCookie(c, cookie);
          await forgetCachedSessions(c);
          const team = await readOwnTeam(db, scope.userId);
          const acting: ActingProfile = team.isActive
            ? { kind: 'pending', name: user.name }
            : { kind: 'main', name: user.name, teamManagement: false };
          return c.json(actingBody(acting), 200);
        }
        // The membership and the name are the other team's rows: read as that account.
        const { membership, accountName } = await withAccount(accountId, async () => ({
          membership: await getMembership(db, accountId, scope.userId),
          accountName: await getAccountName(db, { accountId }),
        }));
        if (!membership) throw new AppError(403, 'NOT_A_MEMBER', TEAM_MESSAGES.notAMemberOf);
        await begin(c, {
          accountId,
          kind: 'member',
          memberUserId: scope.userId,
          expiresAt: new Date(Date.now() + MEMBER_SESSION_TTL_MS),
        });
        const acting: ActingProfile = {
          kind: 'member',
          name: user.name,
          role: membership.role,
          accountName,
        };
        return c.json(actingBody(acting), 200);
      })
      .route('/recovery', pinRecoveryRoutes(deps))
      .route('/invitations', invitationAcceptRoutes(deps))
  );
}
