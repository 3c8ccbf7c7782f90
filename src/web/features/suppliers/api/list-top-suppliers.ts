import { queryOptions } from '@tanstack/react-query';
import { supplierKeys } from '#web/lib/query-keys.ts';
import { listSuppliers, type SupplierListItem } from './list-suppliers.ts';

// Spec invoice-work §9 "top suppliers 20", prefetched after sign-in with a 15-minute stale
// time: the suppliers with the most invoices. The list endpoint has no ranking of its own, so
// the account's list (name order) is ranked here.
export const TOP_SUPPLIERS_LIMIT = 20;

/** Most invoices first; a tie keeps the list's name order. */
export function topSuppliers(items: SupplierListItem[], limit: number): SupplierListItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.invoiceCount - a.item.invoiceCount || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item);
}

export function topSuppliersQueryOptions(limit = TOP_SUPPLIERS_LIMIT) {
  return queryOptions({
    queryKey: supplierKeys.top(limit),
    queryFn: async () => topSuppliers(await listSuppliers(''), limit),
    staleTime: 15 * 60_000,
  });
}
