import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierListItemDto } from '#server/features/suppliers/supplier-dto.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { supplierKeys } from '#web/lib/query-keys.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';

export type SupplierListItem = SupplierListItemDto;

/** `GET /api/suppliers?search=`: the account's suppliers in name order; search by name or NIF. */
export async function listSuppliers(search: string): Promise<SupplierListItem[]> {
  const trimmed = search.trim();
  const body = await callApi(
    () => api.api.suppliers.$get({ query: trimmed ? { search: trimmed } : {} }),
    SUPPLIERS_MESSAGES.unknownError,
  );
  return body.items;
}

export function supplierListQueryOptions(search: string) {
  const trimmed = search.trim();
  return queryOptions({
    queryKey: supplierKeys.list(trimmed),
    queryFn: () => listSuppliers(trimmed),
    // Spent amounts follow invoices paid elsewhere; live updates refresh it too.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useSuppliers(search: string) {
  // Typing keeps the previous rows on screen until the new ones arrive.
  return useQuery({ ...supplierListQueryOptions(search), placeholderData: keepPreviousData });
}
