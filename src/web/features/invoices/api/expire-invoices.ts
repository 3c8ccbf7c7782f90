import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { EXPIRY_MESSAGES } from '../messages.ts';

const $post = api.api['invoice-expiry'].$post;
/** `{ success: true, updated_count }` (spec invoice-work §7 manual_expire_invoices). */
export type ExpireInvoicesResult = InferResponseType<typeof $post, 200>;

/** `POST /api/invoice-expiry`: the account's Pendente invoices due before today become Vencida. */
export function expireInvoices(): Promise<ExpireInvoicesResult> {
  return callApi(() => $post(), EXPIRY_MESSAGES.failed);
}

export function useExpireInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expireInvoices,
    // Statuses changed in lists, stats and details alike: every key under ['invoices'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
