import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { paymentOff, paymentOn } from '#shared/invoice-status.ts';
import type { PaymentChangeInput } from '#shared/schemas/invoice.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { INVOICE_SHEET_MESSAGES } from '../messages.ts';
import { paymentToast } from '../payment-notification-messages.ts';
import type { Invoice } from './create-invoice.ts';
import { invoiceDetailQueryKey, storeInvoice } from './get-invoice.ts';

const $post = api.api.invoices[':id'].payment.$post;

/**
 * `POST /api/invoices/:id/payment`: `{ paid: true, method }` marks it Paga with that method;
 * `{ paid: false }` makes it Pendente, or Vencida when the due date has passed. The answer is
 * `{ invoice, notification }`: what became of the supplier's email when it was marked paid.
 */
export function changePayment(id: string, change: PaymentChangeInput) {
  return callApi(
    () => $post({ param: { id }, json: change }),
    INVOICE_SHEET_MESSAGES.paymentFailed,
  );
}

/** What the toggle shows while the save is in flight: the server's own transition rules. */
export function withPayment(invoice: Invoice, change: PaymentChangeInput): Invoice {
  const fields =
    change.paid && change.method ? paymentOn(change.method) : paymentOff(invoice, todayInLisbon());
  return { ...invoice, ...fields };
}

/**
 * The payment switch of the view mode (spec §4): the change shows at once and reverts when
 * the save fails, with 'Erro ao atualizar estado de pagamento'.
 */
export function useChangePayment(id: string) {
  const queryClient = useQueryClient();
  const queryKey = invoiceDetailQueryKey(id);
  return useMutation({
    mutationFn: (change: PaymentChangeInput) => changePayment(id, change),
    onMutate: async (change) => {
      // A refetch landing now would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData<Invoice>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withPayment(previous, change));
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(INVOICE_SHEET_MESSAGES.paymentFailed, { description: error.message });
    },
    onSuccess: ({ invoice, notification }) => {
      void storeInvoice(queryClient, invoice);
      if (!invoice.isPaid) return;
      // Spec §8: one toast under 'Fatura paga com sucesso' says what became of the email.
      const { title, description, isDestructive } = paymentToast(notification);
      if (isDestructive) toast.error(title, { description });
      else toast.success(title, { description });
    },
  });
}
