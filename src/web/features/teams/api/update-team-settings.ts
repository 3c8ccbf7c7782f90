import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { profileKeys, teamKeys } from '#web/lib/query-keys.ts';
import { TEAMS_MESSAGES } from '../messages.ts';

/**
 * PATCH /api/team { enabled } → 200 { enabled }. Switching on needs a main PIN (409
 * MAIN_PIN_NOT_SET) and starts a main-user team session for this browser.
 */
export function updateTeamSettings(enabled: boolean) {
  return callApi(() => api.api.team.$patch({ json: { enabled } }), TEAMS_MESSAGES.switchFailed);
}

export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamSettings,
    retry: false,
    // The profile says whether team management is on (the header and the drawer read it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
