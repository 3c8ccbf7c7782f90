import { useMutation } from '@tanstack/react-query';
import type { SubUserRole } from '#shared/permissions.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/**
 * POST /api/team/invitations { email, role } → 201 { invitation }; the server emails the link
 * `<origin>/auth?invite_token=…`. 409 ALREADY_MEMBER.
 */
export function createInvitation(input: { email: string; role: SubUserRole }) {
  return callApi(
    () => api.api.team.invitations.$post({ json: input }),
    TEAMS_MESSAGES.inviteFailed,
  );
}

export function useCreateInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: createInvitation, retry: false, onSuccess: () => refresh() });
}
