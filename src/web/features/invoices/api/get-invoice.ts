import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { INVOICE_SHEET_MESSAGES } from '../messages.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import type { Invoice } from './create-invoice.ts';

const $get = api.api.invoices[':id'].$get;

/** Under `invoiceKeys.all`, so every invoice change refreshes the open detail too. */
export const invoiceDetailQueryKey = invoiceKeys.detail;

function isDetailOf(queryKey: QueryKey, id: string): boolean {
  return queryKey[0] === invoiceKeys.all[0] && queryKey[1] === 'detail' && queryKey[2] === id;
}

/** `GET /api/invoices/:id`: the InvoiceDto; an unknown id (or another account's) is a 404. */
export function fetchInvoice(id: string): Promise<Invoice> {
  return callApi(() => $get({ param: { id } }), INVOICE_SHEET_MESSAGES.loadFailed);
}

// Spec invoice-work §9: the invoice detail is stale after 2 minutes and kept for 5.
export const invoiceDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceDetailQueryKey(id),
    queryFn: () => fetchInvoice(id),
    staleTime: 2 * 60_000,
    gcTime: 5 * 60_000,
  });

/**
 * The invoice of the detail sheet. While the sheet closes (`isEnabled` false) nothing is
 * fetched and the last answer for the same invoice stays on screen, even once a deletion
 * has removed it from the cache.
 */
export function useInvoice(id: string, isEnabled = true) {
  return useQuery({
    ...invoiceDetailQueryOptions(id),
    enabled: isEnabled,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

/**
 * Shows the server's answer at once, then refreshes every list, count and summary (spec §7
 * "Cache invalidation") — but not this detail, which was just stored.
 */
export function storeInvoice(queryClient: QueryClient, invoice: Invoice): Promise<void> {
  queryClient.setQueryData(invoiceDetailQueryKey(invoice.id), invoice);
  return queryClient.invalidateQueries({
    queryKey: invoiceKeys.all,
    predicate: (query) => !isDetailOf(query.queryKey, invoice.id),
  });
}

/** After a deletion: forget the invoice and refresh everything else. */
export function forgetInvoice(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.removeQueries({ queryKey: invoiceDetailQueryKey(id), exact: true });
  return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}
