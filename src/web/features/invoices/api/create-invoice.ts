import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi, type ApiError } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';

const $post = api.api.invoices.$post;
export type Invoice = InferResponseType<typeof $post, 201>;

/**
 * `POST /api/invoices`: the body is createInvoiceSchema's output; answers 201 with the invoice.
 * A refusal is an ApiError; a duplicate (409 DUPLICATE_INVOICE) names the registered invoice in
 * `details.existingId`.
 */
export function createInvoice(input: CreateInvoiceData): Promise<Invoice> {
  // The submission's key: the one retry below sends the same, so it never makes two invoices.
  return callApi(
    () => $post({ json: input }, { headers: idempotencyHeaders(input) }),
    NEW_INVOICE_MESSAGES.saveFailed,
  );
}

/** The id of the invoice a duplicate refusal points at, if any. */
export function existingInvoiceId(error: ApiError): string | null {
  const id = error.details.existingId;
  return typeof id === 'string' ? id : null;
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
