import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { DASHBOARD_MESSAGES } from '../messages.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';

const $get = api.api.invoices.counter.$get;
/** `current_count, monthly_limit, percentage_used, is_at_limit` (issue 4 contract). */
export type InvoiceCounter = InferResponseType<typeof $get, 200>;

// Spec invoice-work §9: counter stale 2 min, kept 10 min, refetched on focus and on mount.
export const invoiceCounterQueryOptions = queryOptions({
  queryKey: invoiceKeys.counter(),
  queryFn: () => callApi(() => $get(), DASHBOARD_MESSAGES.unknownError),
  staleTime: 2 * 60_000,
  gcTime: 10 * 60_000,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
});

export function useInvoiceCounter() {
  return useQuery(invoiceCounterQueryOptions);
}
