import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { CATEGORIES_API_MESSAGES } from '../api-messages.ts';
import { storeCategoryChange } from './get-categories.ts';

/** `DELETE /api/categories/:id` → 204; the category's suppliers are left without one. */
export function deleteCategory(id: string): Promise<void> {
  return callApiNoContent(
    () => api.api.categories[':id'].$delete({ param: { id } }),
    CATEGORIES_API_MESSAGES.deleteFailed,
  );
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Never retried: a second DELETE after a lost answer would be a 404.
    retry: false,
    onSuccess: (_, id) =>
      storeCategoryChange(queryClient, (custom) => custom.filter((c) => c.id !== id)),
  });
}
