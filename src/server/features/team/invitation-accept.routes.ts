// /api/team-access/invitations (issue 18.5, ADR 024): the person an invitation was emailed to
// accepts it once signed in with that email — the web sends the link's token after sign-in or
// sign-up — and their browser switches into the inviting account as a member. Mounted under
// /api/team-access, so it answers before a profile is chosen in one's own account.
//   POST /accept   { token } → { accountId, accountName, role } + team cookie
import { Hono } from 'hono';
import { acrossAccounts, withAccount } from '#server/db/account-context.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { AppError } from '#server/http/errors.ts';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '#server/http/secret-token.ts';
import { validate } from '#server/http/validate.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { acceptInvitationSchema } from '#shared/schemas/team.ts';
import { acceptInvitation, findPendingInvitation } from './invitation-accept.queries.ts';
import type { TeamDeps } from './team-deps.ts';
import { getAccountName } from './team.queries.ts';
import {
  MEMBER_SESSION_TTL_MS,
  publishTeamChanged,
  setTeamCookie,
  startTeamSession,
} from './team-sessions.ts';

/** A member's choice of account lasts as long as the sign-in (as POST /api/team-access/switch). */

/** Unknown, expired, used and revoked invitations get the one answer. */
const invitationInvalid = () =>
  new AppError(404, 'INVITATION_INVALID', TEAM_MESSAGES.inviteInvalid);

export function invitationAcceptRoutes(deps: TeamDeps) {
  const { db, events, cookie } = deps;

  return new Hono<ScopeEnv>().post(
    '/accept',
    validate('json', acceptInvitationSchema),
    async (c) => {
      const { token } = c.req.valid('json');
      const { scope, user } = c.var;
      if (!SECRET_TOKEN_PATTERN.test(token)) throw invitationInvalid();
      // Found by its token before its account is known; from there on, everything written and
      // read is the inviting account's, walled as that account (ADR 027).
      const invitation = await acrossAccounts(() =>
        findPendingInvitation(db, { tokenHash: hashSecretToken(token) }),
      );
      if (!invitation) throw invitationInvalid();
      if (invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw new AppError(403, 'INVITATION_OTHER_EMAIL', TEAM_MESSAGES.inviteOtherEmail);
      if (invitation.accountId === scope.userId)
        throw new AppError(409, 'INVITATION_OWN_ACCOUNT', TEAM_MESSAGES.inviteOwnAccount);
      return withAccount(invitation.accountId, async () => {
        if (!(await acceptInvitation(db, { invitation, userId: scope.userId })))
          throw invitationInvalid();
        const session = await startTeamSession(db, {
          authSessionId: scope.authSessionId,
          userId: scope.userId,
          accountId: invitation.accountId,
          kind: 'member',
          memberUserId: scope.userId,
          expiresAt: new Date(Date.now() + MEMBER_SESSION_TTL_MS),
        });
        setTeamCookie(c, session.token, session.expiresAt, cookie);
        await publishTeamChanged(events, invitation.accountId);
        const accountName = await getAccountName(db, { accountId: invitation.accountId });
        return c.json({ accountId: invitation.accountId, accountName, role: invitation.role }, 200);
      });
    },
  );
}
