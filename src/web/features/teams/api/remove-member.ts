import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/** DELETE /api/team/members/:userId → 204: their access and sessions end. */
export function removeMember(userId: string) {
  return callApiNoContent(
    () => api.api.team.members[':userId'].$delete({ param: { userId } }),
    TEAMS_MESSAGES.removeMemberFailed,
  );
}

export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: removeMember, retry: false, onSuccess: () => refresh() });
}
