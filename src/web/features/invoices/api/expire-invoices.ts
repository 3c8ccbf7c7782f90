import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoicesQueryKey } from './create-invoice.ts';

const $post = api.api['invoice-expiry'].$post;
/** `{ success: true, updated_count }` (spec invoice-work §7 manual_expire_invoices). */
export type ExpireInvoicesResult = InferResponseType<typeof $post, 200>;

// The overdue lifecycle's pt-PT strings. The spec names the action and the daily check but
// gives no texts for them, so these are ours.
export const EXPIRY_MESSAGES = {
  action: 'Expirar faturas',
  failed: 'Erro ao expirar faturas',
  statusFailed: 'Erro ao carregar o estado da verificação diária',
  lastRun: 'Última verificação',
  nextRun: 'Próxima',
  neverRun: 'ainda não houve',
  runFailed: 'falhou',
  at: 'às',
} as const;

/** The toast after 'Expirar faturas': how many invoices became Vencida. */
export function expiredMessage(count: number): string {
  if (count === 0) return 'Nenhuma fatura por expirar';
  return count === 1 ? '1 fatura passou a vencida' : `${count} faturas passaram a vencidas`;
}

/** `POST /api/invoice-expiry`: the account's Pendente invoices due before today become Vencida. */
export function expireInvoices(): Promise<ExpireInvoicesResult> {
  return callApi(() => $post(), EXPIRY_MESSAGES.failed);
}

export function useExpireInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expireInvoices,
    // Statuses changed in lists, stats and details alike: every key under ['invoices'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
