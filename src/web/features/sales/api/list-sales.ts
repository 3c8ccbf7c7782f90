import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { salesKeys } from '#web/lib/query-keys.ts';
import { CMV_MESSAGES } from '../messages.ts';

const $get = api.api.sales.$get;
/** GET /api/sales?month=: the month's daily records. */
export type SalesOfMonth = InferResponseType<typeof $get, 200>;
export type Sale = SalesOfMonth['sales'][number];

export function salesQueryOptions(month: string) {
  return queryOptions({
    queryKey: salesKeys.month(month),
    queryFn: () => callApi(() => $get({ query: { month } }), CMV_MESSAGES.salesLoadFailed),
  });
}

export function useSalesOfMonth(month: string) {
  return useQuery(salesQueryOptions(month));
}
