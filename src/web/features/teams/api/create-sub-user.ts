import { useMutation } from '@tanstack/react-query';
import type { CreateSubUser } from '#shared/schemas/team.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { useRefreshTeam } from './get-team.ts';

/** POST /api/team/sub-users { name, role, pin } → 201 { subUser }; 409 NAME_TAKEN. */
export function createSubUser(input: CreateSubUser) {
  return callApi(
    () => api.api.team['sub-users'].$post({ json: input }),
    TEAMS_MESSAGES.createSubUserFailed,
  );
}

export function useCreateSubUser() {
  const refresh = useRefreshTeam();
  // Never retried: a second POST after a lost answer would be a 409.
  return useMutation({ mutationFn: createSubUser, retry: false, onSuccess: () => refresh() });
}
