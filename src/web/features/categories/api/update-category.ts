import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { CATEGORIES_API_MESSAGES } from '../api-messages.ts';
import { storeCategoryChange, type CustomCategory } from './get-categories.ts';

export type UpdateCategoryVariables = { id: string; input: CategoryInput };

/** `PATCH /api/categories/:id` → 200 the category; 404 or 409 CATEGORY_EXISTS otherwise. */
export function updateCategory({ id, input }: UpdateCategoryVariables): Promise<CustomCategory> {
  return callApi(
    () => api.api.categories[':id'].$patch({ param: { id }, json: input }),
    CATEGORIES_API_MESSAGES.updateFailed,
  );
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // A failed save is not retried: the form stays open with what was typed and says why.
    retry: false,
    onSuccess: (updated) =>
      storeCategoryChange(queryClient, (custom) =>
        custom.map((c) => (c.id === updated.id ? updated : c)),
      ),
  });
}
