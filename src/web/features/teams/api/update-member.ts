import { useMutation } from '@tanstack/react-query';
import type { SubUserRole } from '#shared/permissions.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/** PATCH /api/team/members/:userId { role } → 200. */
export function updateMember({ userId, role }: { userId: string; role: SubUserRole }) {
  return callApi(
    () => api.api.team.members[':userId'].$patch({ param: { userId }, json: { role } }),
    TEAMS_MESSAGES.updateMemberFailed,
  );
}

export function useUpdateMember() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: updateMember, retry: false, onSuccess: () => refresh() });
}
