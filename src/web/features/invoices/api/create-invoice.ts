import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { api } from '#web/lib/api-client.ts';
import { ApiError, callApi } from '#web/lib/call-api.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';

const $post = api.api.invoices.$post;
export type Invoice = InferResponseType<typeof $post, 201>;

/** Every list, count and summary of invoices starts with this key (spec §7 "Cache invalidation"). */
export const invoicesQueryKey = ['invoices'] as const;

/** A refused save; a duplicate (409 DUPLICATE_INVOICE) names the invoice already registered. */
export class SaveInvoiceError extends ApiError {
  readonly existingId: string | null;

  constructor(error: ApiError, existingId: string | null) {
    super(error.status, error.code, error.message);
    this.name = 'SaveInvoiceError';
    this.existingId = existingId;
  }
}

function readExistingId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('details' in error)) return null;
  const { details } = error;
  if (typeof details !== 'object' || details === null || !('existingId' in details)) return null;
  return typeof details.existingId === 'string' ? details.existingId : null;
}

/** `POST /api/invoices`: the body is createInvoiceSchema's output; answers 201 with the invoice. */
export async function createInvoice(input: CreateInvoiceData): Promise<Invoice> {
  // callApi keeps only code and message; the duplicate's id sits in `details`.
  let errorBody: unknown = null;
  try {
    return await callApi(async () => {
      const response = await $post({ json: input });
      if (!response.ok)
        errorBody = await response
          .clone()
          .json()
          .catch(() => null);
      return response;
    }, NEW_INVOICE_MESSAGES.saveFailed);
  } catch (error) {
    if (error instanceof ApiError) throw new SaveInvoiceError(error, readExistingId(errorBody));
    throw error;
  }
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    // Never retried: a second POST after a lost answer would hit the duplicate check.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
