import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleInput } from '#shared/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi, callApiNoContent } from '#web/lib/call-api.ts';
import { salesKeys } from '#web/lib/query-keys.ts';
import { CMV_MESSAGES } from '../messages.ts';

/** POST /api/sales, or PATCH /api/sales/:id; 409 SALE_EXISTS when the day has a record. */
export function saveSale({ id, input }: { id: string | null; input: SaleInput }) {
  return id === null
    ? callApi(
        () => api.api.sales.$post({ json: input }, { headers: idempotencyHeaders(input) }),
        CMV_MESSAGES.saleSaveFailed,
      )
    : callApi(
        () => api.api.sales[':id'].$patch({ param: { id }, json: input }),
        CMV_MESSAGES.saleSaveFailed,
      );
}

/** DELETE /api/sales/:id → 204. */
export function deleteSale(id: string): Promise<void> {
  return callApiNoContent(
    () => api.api.sales[':id'].$delete({ param: { id } }),
    CMV_MESSAGES.saleDeleteFailed,
  );
}

/** Everything on the CMV screen follows a change of the sales. */
function useRefreshSales() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: salesKeys.all });
}

export function useSaveSale() {
  const refresh = useRefreshSales();
  return useMutation({ mutationFn: saveSale, retry: false, onSuccess: refresh });
}

export function useDeleteSale() {
  const refresh = useRefreshSales();
  return useMutation({ mutationFn: deleteSale, retry: false, onSuccess: refresh });
}

/** POST /api/sales/import: the whole file or nothing (422 SALES_CSV_INVALID names each line). */
export function importSales(csv: string) {
  return callApi(() => api.api.sales.import.$post({ json: { csv } }), CMV_MESSAGES.importRefused);
}

export function useImportSales() {
  const refresh = useRefreshSales();
  return useMutation({ mutationFn: importSales, retry: false, onSuccess: refresh });
}
