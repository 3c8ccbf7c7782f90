import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { savingsKeys } from '#web/lib/query-keys.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';

const $get = api.api.savings.$get;
/** GET /api/savings: savings suppliers, 12 months of savings, the pace and the goals. */
export type SavingsOverview = InferResponseType<typeof $get, 200>;
export type SavingsGoal = SavingsOverview['goals'][number];

export const savingsQueryOptions = queryOptions({
  queryKey: savingsKeys.all,
  queryFn: () => callApi(() => $get(), SAVINGS_MESSAGES.loadFailed),
});

export function useSavings() {
  return useQuery(savingsQueryOptions);
}
