import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SummaryMonth } from '#shared/summary.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { summaryKeys } from '#web/lib/query-keys.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';

const $get = api.api.summary.$get;
/** GET /api/summary: a month's totals, status split, charts' series and VAT table. */
export type Summary = InferResponseType<typeof $get, 200>;

export function summaryQueryOptions({ year, month }: SummaryMonth) {
  return queryOptions({
    queryKey: summaryKeys.month(year, month),
    queryFn: () =>
      callApi(
        () => $get({ query: { year: String(year), month: String(month) } }),
        SUMMARY_MESSAGES.loadFailed,
      ),
    // Spec §9 "monthly stats 20 min"; live updates refresh it on any change meanwhile.
    staleTime: 20 * 60_000,
    refetchOnMount: true,
    // Another month keeps the last one on screen until its own answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSummary(month: SummaryMonth) {
  return useQuery(summaryQueryOptions(month));
}
