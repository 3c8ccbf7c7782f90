import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { teamKeys } from '#web/lib/query-keys.ts';
import { TEAMS_MESSAGES } from '../messages.ts';

const $get = api.api.team.$get;
/** GET /api/team: the switch, whether a main PIN is set, sub-users, members, pending invites. */
export type Team = InferResponseType<typeof $get, 200>;
export type TeamSubUser = Team['subUsers'][number];
export type TeamMember = Team['members'][number];
export type TeamInvitation = Team['invitations'][number];

export function teamQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.manage(),
    queryFn: () => callApi(() => $get(), TEAMS_MESSAGES.loadFailed),
  });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}

/** After a change: the page's data, and everything that shows the team elsewhere. */
export function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}
