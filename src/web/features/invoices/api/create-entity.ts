import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_FROM_INVOICE_CATEGORY } from '#shared/domain.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys, supplierKeys } from '#web/lib/query-keys.ts';
import { CREATE_ENTITY_MESSAGES } from '../messages.ts';

/** Spec §9 "Entity refetch delay 500 ms": the supplier is read again this long after. */
export const ENTITY_REFETCH_DELAY_MS = 500;

export type CreateEntityInput = { nif: string; name: string };

/**
 * `POST /api/suppliers` with the invoice's NIF, the typed name and the category 'Outros'
 * (spec §2, §7 "INSERT with user_id, nif, nome, categoria 'Outros'"). A NIF the account
 * already has is refused: 409 SUPPLIER_EXISTS 'Já existe um fornecedor com este NIF'.
 */
export function createEntity(input: CreateEntityInput) {
  const { nif, name } = input;
  return callApi(
    () =>
      api.api.suppliers.$post(
        { json: { nif, name: name.trim(), category: SUPPLIER_FROM_INVOICE_CATEGORY } },
        { headers: idempotencyHeaders(input) },
      ),
    CREATE_ENTITY_MESSAGES.failed,
  );
}

export function useCreateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntity,
    // Never retried: a second POST after a lost answer would meet its own NIF.
    retry: false,
    // Spec §4 "Entity creation from an invoice": the supplier is read again after 500 ms —
    // the invoice (its category and tags) and the suppliers views. Not awaited: the dialog
    // closes at once.
    onSuccess: () => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      }, ENTITY_REFETCH_DELAY_MS);
    },
  });
}
