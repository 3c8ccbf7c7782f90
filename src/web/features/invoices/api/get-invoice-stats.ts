import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { InvoicePeriod } from '#shared/invoice-period.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { DASHBOARD_MESSAGES } from '../messages.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';

const $get = api.api.invoices.stats.$get;
/** Count and signed total per payment status for a period (credit notes subtract). */
export type InvoiceStats = InferResponseType<typeof $get, 200>;

export function invoiceStatsQueryOptions(period: InvoicePeriod) {
  return queryOptions({
    queryKey: invoiceKeys.stats(period),
    queryFn: () => callApi(() => $get({ query: { period } }), DASHBOARD_MESSAGES.unknownError),
    // The cards sit on the list and follow its policy (spec §9).
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
}

export function useInvoiceStats(period: InvoicePeriod) {
  return useQuery(invoiceStatsQueryOptions(period));
}
