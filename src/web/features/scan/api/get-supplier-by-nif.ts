import { queryOptions, useQuery } from '@tanstack/react-query';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { supplierKeys } from '#web/lib/query-keys.ts';

const $get = api.api.suppliers.lookup.$get;

/** The account's supplier with this NIF, or null when it has none (issue 5 "supplier found by NIF"). */
async function fetchSupplierByNif(nif: string) {
  const { supplier } = await callApi(() => $get({ query: { nif } }), 'Fornecedor não encontrado');
  return supplier;
}

export function supplierByNifQueryOptions(nif: string) {
  return queryOptions({
    // Not supplierKeys.byNif: that key holds the supplier page's { supplier, totals }.
    queryKey: supplierKeys.lookup(nif),
    queryFn: () => fetchSupplierByNif(nif),
    staleTime: 5 * 60_000,
  });
}

/**
 * Asks only once the NIF has its nine digits, and only when `isAllowed`: the look-up is the
 * plan's automatic capture (autoComplete), which the server refuses on Gratuito.
 */
export function useSupplierByNif(rawNif: string, { isAllowed }: { isAllowed: boolean }) {
  const nif = normalizeNif(rawNif);
  return useQuery({ ...supplierByNifQueryOptions(nif), enabled: isAllowed && isNifFormat(nif) });
}
