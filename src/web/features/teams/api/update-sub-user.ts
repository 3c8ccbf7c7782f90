import { useMutation } from '@tanstack/react-query';
import type { UpdateSubUser } from '#shared/schemas/team.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/**
 * PATCH /api/team/sub-users/:id { name?, role?, pin?, isActive? } → 200 { subUser }; 404; 409
 * NAME_TAKEN. A new PIN or a deactivation ends that profile's team sessions.
 */
export function updateSubUser({ id, changes }: { id: string; changes: UpdateSubUser }) {
  return callApi(
    () => api.api.team['sub-users'][':id'].$patch({ param: { id }, json: changes }),
    TEAMS_MESSAGES.updateSubUserFailed,
  );
}

export function useUpdateSubUser() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: updateSubUser, retry: false, onSuccess: () => refresh() });
}
