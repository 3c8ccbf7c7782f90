import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import type { UpdateInvoiceData } from '#shared/schemas/invoice.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { INVOICE_SHEET_MESSAGES } from '../messages.ts';
import type { Invoice } from './create-invoice.ts';
import { storeInvoice } from './get-invoice.ts';

const $patch = api.api.invoices[':id'].$patch;

/**
 * `PATCH /api/invoices/:id` with the edit form's fields (updateInvoiceSchema); the server
 * sets the paid flag and drops a stale method from the status. Answers the whole invoice.
 */
export function updateInvoice(id: string, changes: UpdateInvoiceData): Promise<Invoice> {
  return callApi(
    () => $patch({ param: { id }, json: changes }),
    INVOICE_SHEET_MESSAGES.updateFailed,
  );
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateInvoiceData) => updateInvoice(id, changes),
    // Not awaited: the sheet is back in view mode at once rather than after the lists refetch.
    onSuccess: (invoice) => {
      void storeInvoice(queryClient, invoice);
    },
    // Spec §8: 'Erro ao atualizar fatura'; the form stays open with everything typed.
    onError: (error) =>
      toast.error(INVOICE_SHEET_MESSAGES.updateFailed, { description: error.message }),
  });
}
