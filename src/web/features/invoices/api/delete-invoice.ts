import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { INVOICE_SHEET_MESSAGES } from '../messages.ts';
import { forgetInvoice } from './get-invoice.ts';

/** `DELETE /api/invoices/:id`: 204 with no body; an unknown id is a 404. */
export function deleteInvoice(id: string): Promise<void> {
  return callApiNoContent(
    () => api.api.invoices[':id'].$delete({ param: { id } }),
    INVOICE_SHEET_MESSAGES.deleteFailed,
  );
}

export function useDeleteInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteInvoice(id),
    // Never retried: a second DELETE after a lost answer would be a 404.
    retry: false,
    // Not awaited: the sheet closes at once rather than after the lists refetch.
    onSuccess: () => {
      toast.success(INVOICE_SHEET_MESSAGES.deleted);
      void forgetInvoice(queryClient, id);
    },
    onError: (error) =>
      toast.error(INVOICE_SHEET_MESSAGES.deleteFailed, { description: error.message }),
  });
}
