import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { salesKeys } from '#web/lib/query-keys.ts';
import { CMV_MESSAGES } from '../messages.ts';

const $get = api.api.sales.report.$get;
/** GET /api/sales/report: the month's sales, CMV, margin and VAT, and the 12 months to it. */
export type CmvReport = InferResponseType<typeof $get, 200>;
export type CmvMonth = CmvReport['current'];

export function cmvReportQueryOptions(month: string) {
  return queryOptions({
    queryKey: salesKeys.report(month),
    queryFn: () => callApi(() => $get({ query: { month } }), CMV_MESSAGES.loadFailed),
    // Another month keeps the last one on screen until its own answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCmvReport(month: string) {
  return useQuery(cmvReportQueryOptions(month));
}
