import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/** DELETE /api/team/invitations/:id → 204: the emailed link stops working. */
export function revokeInvitation(id: string) {
  return callApiNoContent(
    () => api.api.team.invitations[':id'].$delete({ param: { id } }),
    TEAMS_MESSAGES.revokeFailed,
  );
}

export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: revokeInvitation, retry: false, onSuccess: () => refresh() });
}
