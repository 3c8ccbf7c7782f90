import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

export type MainPinRequest = { pin: string; currentPin?: string | undefined };

/**
 * PUT /api/team/main-pin { pin, currentPin? } → 200 { mainPinSet: true }; 400 CURRENT_PIN_WRONG
 * when one is set and `currentPin` is not it. The main user's alone (team.mainPin).
 */
export function setMainPin({ pin, currentPin }: MainPinRequest) {
  return callApi(
    () =>
      api.api.team['main-pin'].$put({
        json: currentPin === undefined ? { pin } : { pin, currentPin },
      }),
    TEAMS_MESSAGES.mainPinFailed,
  );
}

export function useSetMainPin() {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: setMainPin, retry: false, onSuccess: () => refresh() });
}
