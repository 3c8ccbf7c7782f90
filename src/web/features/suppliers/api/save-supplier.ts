import { useMutation } from '@tanstack/react-query';
import type { SupplierDto } from '#server/features/suppliers/supplier-dto.ts';
import type { SupplierData } from '#shared/schemas/supplier.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';
import { useInvalidateSupplierViews } from './invalidate.ts';

/**
 * `POST /api/suppliers` (201) or, with an id, `PATCH /api/suppliers/:id` (200, a full replace of
 * the editable fields). Refusals are ApiErrors: 409 SUPPLIER_EXISTS, 403 PLAN_REQUIRED,
 * 400 VALIDATION with issues, 404 SUPPLIER_NOT_FOUND.
 */
export function saveSupplier(id: string | null, body: SupplierData): Promise<SupplierDto> {
  if (id === null) {
    return callApi(
      () => api.api.suppliers.$post({ json: body }, { headers: idempotencyHeaders(body) }),
      SUPPLIERS_MESSAGES.createFailed,
    );
  }
  return callApi(
    () => api.api.suppliers[':id'].$patch({ param: { id }, json: body }),
    SUPPLIERS_MESSAGES.updateFailed,
  );
}

export function useSaveSupplier(id: string | null) {
  const invalidate = useInvalidateSupplierViews();
  return useMutation({
    mutationFn: (body: SupplierData) => saveSupplier(id, body),
    // Never retried: a second POST after a lost answer would meet its own NIF (409).
    retry: false,
    onSuccess: invalidate,
  });
}
