import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { teamKeys } from '#web/lib/query-keys.ts';
import { ACCOUNT_SWITCH_MESSAGES } from '../account-switch-labels.ts';

const $get = api.api['team-access'].accounts.$get;
/** GET /api/team-access/accounts: the accounts this person may act in, their own first. */
export type TeamAccount = InferResponseType<typeof $get, 200>['accounts'][number];

export function teamAccountsQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.accounts(),
    queryFn: () => callApi(() => $get(), ACCOUNT_SWITCH_MESSAGES.loadFailed),
    // Asked when the drawer opens; a membership changed elsewhere arrives as 'team.changed'.
    staleTime: 60_000,
  });
}

export function useTeamAccounts() {
  return useQuery(teamAccountsQueryOptions());
}
