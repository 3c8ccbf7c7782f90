import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { teamKeys } from '#web/lib/query-keys.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';

const $get = api.api['team-access'].$get;
/** GET /api/team-access: the own account's active sub-users (by name) and who acts here. */
export type TeamAccess = InferResponseType<typeof $get, 200>;
export type AccessSubUser = TeamAccess['subUsers'][number];

export function fetchTeamAccess(): Promise<TeamAccess> {
  return callApi(() => $get(), ACCESS_MESSAGES.loadFailed);
}

export function teamAccessQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.access(),
    queryFn: fetchTeamAccess,
    // Asked afresh each time the screen opens: a profile may have been added or deactivated
    // on another device since.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useTeamAccess() {
  return useQuery(teamAccessQueryOptions());
}
