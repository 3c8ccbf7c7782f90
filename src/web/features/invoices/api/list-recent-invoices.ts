import { queryOptions } from '@tanstack/react-query';
import { LAST_DAYS_WINDOW } from '#shared/invoice-period.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { DASHBOARD_MESSAGES } from '../messages.ts';

// Spec invoice-work §9 "Recent invoices window 30 days, limit 50", prefetched after sign-in
// with a 10-minute stale time: the newest invoices issued in the last 30 days, one page.
export const RECENT_INVOICES_LIMIT = 50;

export function recentInvoicesQueryOptions(limit = RECENT_INVOICES_LIMIT) {
  return queryOptions({
    queryKey: invoiceKeys.recent({ days: LAST_DAYS_WINDOW, limit }),
    queryFn: () =>
      callApi(
        () => api.api.invoices.$get({ query: { period: 'last30days', limit: String(limit) } }),
        DASHBOARD_MESSAGES.unknownError,
      ),
    staleTime: 10 * 60_000,
  });
}
