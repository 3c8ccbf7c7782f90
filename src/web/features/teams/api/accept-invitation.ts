import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { INVITATION_MESSAGES } from '../messages.ts';

/**
 * POST /api/team-access/invitations/accept { token } → 200 { accountId, accountName, role }, and
 * the session now acts in that account (its team cookie). 404 INVITATION_INVALID, 403
 * INVITATION_OTHER_EMAIL, 409 INVITATION_OWN_ACCOUNT, each with its pt-PT message.
 */
export function acceptInvitation(token: string) {
  return callApi(
    () => api.api['team-access'].invitations.accept.$post({ json: { token } }),
    INVITATION_MESSAGES.unexpected,
  );
}
