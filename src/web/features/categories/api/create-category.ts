import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi } from '#web/lib/call-api.ts';
import { CATEGORIES_API_MESSAGES } from '../api-messages.ts';
import { storeCategoryChange, type CustomCategory } from './get-categories.ts';

/** `POST /api/categories` → 201 the new category; 409 CATEGORY_EXISTS when the name is taken. */
export function createCategory(input: CategoryInput): Promise<CustomCategory> {
  return callApi(
    () => api.api.categories.$post({ json: input }, { headers: idempotencyHeaders(input) }),
    CATEGORIES_API_MESSAGES.createFailed,
  );
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (created) => storeCategoryChange(queryClient, (custom) => [...custom, created]),
  });
}
