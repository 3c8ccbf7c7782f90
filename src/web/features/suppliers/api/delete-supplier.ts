import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';
import { useInvalidateSupplierViews } from './invalidate.ts';

/** `DELETE /api/suppliers/:id` → 204; the supplier's invoices stay. */
export function deleteSupplier(id: string): Promise<void> {
  return callApiNoContent(
    () => api.api.suppliers[':id'].$delete({ param: { id } }),
    SUPPLIERS_MESSAGES.deleteFailed,
  );
}

export function useDeleteSupplier() {
  const invalidate = useInvalidateSupplierViews();
  return useMutation({ mutationFn: deleteSupplier, retry: false, onSuccess: invalidate });
}
