// /api/team (issue 18.1, 18.5, ADR 024): managing the account's team on /gestao-equipas — the
// switch, the main PIN, the PIN profiles of a shared device, the members with their own login
// and their invitations. Every route needs team.manage (the main PIN: team.mainPin, the holder's
// alone); every query is scoped by the request scope's account; every change publishes
// team.changed, so every server's session cache and every open tab follow at once.
//   GET    /                         { enabled, mainPinSet, subUsers, members, invitations }
//   PATCH  /                         { enabled } → { enabled }; on: a main PIN is needed, and
//                                    the holder's browser acts as main user (team cookie)
//   PUT    /main-pin                 { pin, currentPin? } → { mainPinSet: true }
//   POST   /sub-users                { name, role, pin } → 201 { subUser }
//   PATCH  /sub-users/:id            { name?, role?, pin?, isActive? } → { subUser }
//   POST   /invitations              { email, role } → 201 { invitation }, emailed
//   DELETE /invitations/:id          204
//   PATCH  /members/:userId          { role } → { member }
//   DELETE /members/:userId          204, their sessions in the account end
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { assertCapability, requireCapability } from '#server/features/auth/require-capability.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import { AppError } from '#server/http/errors.ts';
import { hashSecretToken, newSecretToken } from '#server/http/secret-token.ts';
import { validate } from '#server/http/validate.ts';
import { teamInvitationEmail } from '#server/services/mail/templates/team-invitation-email.ts';
import { INVITATION_TTL_MS, INVITE_TOKEN_PARAM, TEAM_MESSAGES } from '#shared/team.ts';
import {
  createInvitationSchema,
  createSubUserSchema,
  mainPinSchema,
  teamSettingsSchema,
  updateMemberSchema,
  updateSubUserSchema,
} from '#shared/schemas/team.ts';
import {
  beginPinAttempt,
  clearPinAttempts,
  PIN_RULES,
  pinKeys,
  recordPinFailure,
} from './pin-attempts.ts';
import { hashPin, verifyPin } from './pin-hash.ts';
import type { TeamDeps } from './team-deps.ts';
import { TEAM_API_MESSAGES } from './team.messages.ts';
import {
  createInvitation,
  deleteInvitation,
  revokeEarlierInvitations,
  revokeInvitation,
} from './team-invitations.queries.ts';
import {
  createSubUser,
  getAccountName,
  getMainPinHash,
  isHolderOrMember,
  readTeam,
  removeMember,
  setMainPinHash,
  setTeamEnabled,
  updateMemberRole,
  updateSubUser,
} from './team.queries.ts';
import {
  clearTeamCookie,
  endPinSessions,
  endSubUserSessions,
  publishTeamChanged,
  setTeamCookie,
  startTeamSession,
} from './team-sessions.ts';

const nameTaken = () => new AppError(409, 'NAME_TAKEN', TEAM_MESSAGES.nameTaken);
const subUserNotFound = () =>
  new AppError(404, 'SUB_USER_NOT_FOUND', TEAM_API_MESSAGES.subUserNotFound);
const invitationNotFound = () =>
  new AppError(404, 'INVITATION_NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
const memberNotFound = () => new AppError(404, 'MEMBER_NOT_FOUND', TEAM_MESSAGES.memberNotFound);
const currentPinWrong = () => new AppError(400, 'CURRENT_PIN_WRONG', TEAM_MESSAGES.currentPinWrong);

/** A malformed id cannot name a row: answered as an unknown one, never with a DB error. */
function uuidParam(raw: string, notFound: () => AppError): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** Better Auth's user ids: 32 letters and digits (anything longer or odder names nobody). */
const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function userIdParam(raw: string): string {
  if (!USER_ID_PATTERN.test(raw)) throw memberNotFound();
  return raw;
}

export function teamRoutes(deps: TeamDeps) {
  const { db, events, mailer, cookie } = deps;
  const manage = requireCapability('team.manage');

  /** Where the invitation link points: APP_URL's origin, else the request's own. */
  const originOf = (c: Context) => new URL(deps.appUrl ?? c.req.url).origin;

  /** A main PIN already set must be typed again to change it, under the main PIN's limits. */
  async function checkCurrentPin(c: Context<ScopeEnv>, pinHash: string, currentPin?: string) {
    if (currentPin === undefined) throw currentPinWrong();
    const { accountId } = c.var.scope;
    const ip = clientIp(c, deps.trustProxy);
    const target = { key: pinKeys.main(accountId), rule: PIN_RULES.main };
    await beginPinAttempt(db, target, { accountId, ip });
    if (await verifyPin(pinHash, currentPin)) {
      await clearPinAttempts(db, target);
      return;
    }
    await recordPinFailure(db, { accountId, ip });
    throw currentPinWrong();
  }

  return new Hono<ScopeEnv>()
    .get('/', manage, async (c) => {
      return c.json(await readTeam(db, { accountId: c.var.scope.accountId }), 200);
    })
    .patch('/', manage, validate('json', teamSettingsSchema), async (c) => {
      const { enabled } = c.req.valid('json');
      const { scope } = c.var;
      const { accountId } = scope;
      // The holder's own account, as the holder or one of its PIN profiles (not a member's).
      const isOwnAccount = accountId === scope.userId;
      if (enabled) {
        if ((await getMainPinHash(db, { accountId })) === null)
          throw new AppError(409, 'MAIN_PIN_NOT_SET', TEAM_MESSAGES.mainPinNotSet);
        await setTeamEnabled(db, { accountId, enabled });
        // The holder who switches it on keeps working here rather than choosing a profile.
        if (isOwnAccount && scope.actor.kind === 'main') {
          const session = await startTeamSession(db, {
            authSessionId: scope.authSessionId,
            userId: scope.userId,
            accountId,
            kind: 'main',
          });
          setTeamCookie(c, session.token, session.expiresAt, cookie);
        }
      } else {
        // Switching it off makes the device act as the holder with no PIN: only the holder may
        // (an Administrador profile would otherwise give itself the holder's rights).
        assertCapability(scope, 'team.mainPin');
        await setTeamEnabled(db, { accountId, enabled });
        await endPinSessions(db, accountId);
        // This browser's PIN session just ended with the others: its cookie would only be
        // answered TEAM_SESSION_ENDED once.
        if (isOwnAccount) clearTeamCookie(c, cookie);
      }
      await publishTeamChanged(events, accountId);
      return c.json({ enabled }, 200);
    })
    .put(
      '/main-pin',
      requireCapability('team.mainPin'),
      validate('json', mainPinSchema),
      async (c) => {
        const { pin, currentPin } = c.req.valid('json');
        const { accountId } = c.var.scope;
        const current = await getMainPinHash(db, { accountId });
        if (current !== null) await checkCurrentPin(c, current, currentPin);
        await setMainPinHash(db, { accountId, pinHash: await hashPin(pin) });
        await publishTeamChanged(events, accountId);
        return c.json({ mainPinSet: true as const }, 200);
      },
    )
    .post('/sub-users', manage, validate('json', createSubUserSchema), async (c) => {
      const { name, role, pin } = c.req.valid('json');
      const { accountId } = c.var.scope;
      const subUser = await createSubUser(db, {
        accountId,
        name,
        role,
        pinHash: await hashPin(pin),
      });
      if (subUser === 'name-taken') throw nameTaken();
      await publishTeamChanged(events, accountId);
      return c.json({ subUser }, 201);
    })
    .patch('/sub-users/:id', manage, validate('json', updateSubUserSchema), async (c) => {
      const { pin, ...rest } = c.req.valid('json');
      const { accountId } = c.var.scope;
      const id = uuidParam(c.req.param('id'), subUserNotFound);
      const changes = { ...rest, ...(pin === undefined ? {} : { pinHash: await hashPin(pin) }) };
      const subUser = await updateSubUser(db, { accountId, id, changes });
      if (subUser === null) throw subUserNotFound();
      if (subUser === 'name-taken') throw nameTaken();
      // Whoever holds the old PIN, or the profile switched off, stops acting at once.
      if (pin !== undefined || rest.isActive === false) await endSubUserSessions(db, accountId, id);
      await publishTeamChanged(events, accountId);
      return c.json({ subUser }, 200);
    })
    .post('/invitations', manage, validate('json', createInvitationSchema), async (c) => {
      const { email, role } = c.req.valid('json');
      const { accountId } = c.var.scope;
      if (await isHolderOrMember(db, { accountId, email }))
        throw new AppError(409, 'ALREADY_MEMBER', TEAM_MESSAGES.alreadyMember);
      const token = newSecretToken();
      const invitation = await createInvitation(db, {
        accountId,
        email,
        role,
        tokenHash: hashSecretToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      const url = `${originOf(c)}/auth?${INVITE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
      const accountName = await getAccountName(db, { accountId });
      const sent = await mailer.send({
        accountId,
        to: email,
        type: 'team_invitation',
        metadata: { invitation_id: invitation.id },
        ...teamInvitationEmail({ accountName, role, url }),
      });
      if (!sent.ok) {
        // Nobody received the link: the invitation is forgotten and the earlier one stays.
        await deleteInvitation(db, { accountId, id: invitation.id });
        throw new AppError(502, 'INVITATION_SEND_FAILED', TEAM_API_MESSAGES.invitationSendFailed);
      }
      await revokeEarlierInvitations(db, { accountId, email, keep: invitation });
      await publishTeamChanged(events, accountId);
      return c.json({ invitation }, 201);
    })
    .delete('/invitations/:id', manage, async (c) => {
      const { accountId } = c.var.scope;
      const id = uuidParam(c.req.param('id'), invitationNotFound);
      if (!(await revokeInvitation(db, { accountId, id }))) throw invitationNotFound();
      await publishTeamChanged(events, accountId);
      return c.body(null, 204);
    })
    .patch('/members/:userId', manage, validate('json', updateMemberSchema), async (c) => {
      const { role } = c.req.valid('json');
      const { accountId } = c.var.scope;
      const userId = userIdParam(c.req.param('userId'));
      const member = await updateMemberRole(db, { accountId, userId, role });
      if (!member) throw memberNotFound();
      await publishTeamChanged(events, accountId);
      return c.json({ member }, 200);
    })
    .delete('/members/:userId', manage, async (c) => {
      const { accountId } = c.var.scope;
      const userId = userIdParam(c.req.param('userId'));
      if (!(await removeMember(db, { accountId, userId }))) throw memberNotFound();
      await publishTeamChanged(events, accountId);
      return c.body(null, 204);
    });
}
