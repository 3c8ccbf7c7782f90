import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PaymentStatus } from '#shared/domain.ts';
import type { InvoicePeriod } from '#shared/invoice-period.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { DASHBOARD_MESSAGES } from '../messages.ts';
import { prefetchCardPhotos } from '../photos/api/signed-photo-urls.ts';

const $get = api.api.invoices.$get;
export type InvoicePage = InferResponseType<typeof $get, 200>;
export type ListedInvoice = InvoicePage['items'][number];

export type InvoiceListFilters = {
  period: InvoicePeriod;
  /** Status chips; none selected shows every status. */
  statuses: PaymentStatus[];
  search: string;
  /** One supplier's invoices (/faturas/:nif); the dashboard leaves it out. */
  supplierNif?: string;
  /** The 'Urgentes' chip: only Pendente invoices due within the next 3 days. */
  isUrgent?: boolean;
};

/** 100 rows a page: the server's cap, so a long scroll asks the fewest times. */
const PAGE_SIZE = 100;

export function fetchInvoicePage(filters: InvoiceListFilters, cursor: string | undefined) {
  const search = filters.search.trim();
  return callApi(
    () =>
      $get({
        query: {
          period: filters.period,
          ...(filters.statuses.length > 0 ? { status: filters.statuses.join(',') } : {}),
          ...(search ? { search } : {}),
          ...(filters.supplierNif ? { supplierNif: filters.supplierNif } : {}),
          ...(filters.isUrgent ? { urgent: 'true' as const } : {}),
          ...(cursor ? { cursor } : {}),
          limit: String(PAGE_SIZE),
        },
      }),
    DASHBOARD_MESSAGES.unknownError,
  );
}

// Spec invoice-work §9: the invoice list is stale after 30 s, refetched every 5 minutes and on
// window focus. Sorting the chips keeps one cache entry per set, whatever the click order.
export function invoiceListQueryOptions(filters: InvoiceListFilters) {
  const key = { ...filters, statuses: [...filters.statuses].sort(), search: filters.search.trim() };
  return infiniteQueryOptions({
    queryKey: invoiceKeys.list(key),
    // Spec §7 "Storage": the page's first photos are signed ahead for the cards.
    queryFn: ({ pageParam }) =>
      fetchInvoicePage(key, pageParam).then((page) => {
        prefetchCardPhotos(page.items);
        return page;
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
}

export function useInvoiceList(filters: InvoiceListFilters) {
  // Typing in the search box keeps the previous rows on screen until the new ones arrive.
  return useInfiniteQuery({
    ...invoiceListQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
