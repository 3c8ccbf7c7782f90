import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  SupplierListItemDto,
  SupplierTotalsDto,
} from '#server/features/suppliers/supplier-dto.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { supplierKeys } from '#web/lib/query-keys.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';

export type SupplierByNif = { supplier: SupplierListItemDto | null; totals: SupplierTotalsDto };

/**
 * `GET /api/suppliers/by-nif/:nif`: the supplier with that NIF (null when there is no row) and
 * the totals of the account's invoices with it; 400 for a malformed NIF.
 */
export function fetchSupplierByNif(nif: string): Promise<SupplierByNif> {
  return callApi(
    () => api.api.suppliers['by-nif'][':nif'].$get({ param: { nif } }),
    SUPPLIERS_MESSAGES.loadOneFailed,
  );
}

export function supplierByNifQueryOptions(nif: string) {
  return queryOptions({
    queryKey: supplierKeys.byNif(nif),
    queryFn: () => fetchSupplierByNif(nif),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useSupplierByNif(nif: string) {
  return useQuery(supplierByNifQueryOptions(nif));
}
