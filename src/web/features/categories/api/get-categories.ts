import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { categoryKeys } from '#web/lib/query-keys.ts';
import { CATEGORIES_API_MESSAGES } from '../api-messages.ts';

/** `GET /api/categories`: the ten built-in categories and the account's custom ones. */
export type Categories = InferResponseType<typeof api.api.categories.$get, 200>;
export type CustomCategory = Categories['custom'][number];

export function fetchCategories(): Promise<Categories> {
  return callApi(() => api.api.categories.$get(), CATEGORIES_API_MESSAGES.loadFailed);
}

// Spec invoice-work §9: categories are kept 30 minutes; a change anywhere in the account
// invalidates them at once (live updates, 'categories.changed').
export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: fetchCategories,
  staleTime: 30 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

/**
 * The names a category select offers: the built-in ones, then the account's own. While the
 * categories load (`data` undefined) the built-in names alone, so a select is never empty.
 */
export function categoryNames(data: Categories | undefined): string[] {
  const builtIn = data?.builtIn.map((c) => c.name) ?? BUILT_IN_CATEGORIES.map((c) => c.name);
  return [...builtIn, ...(data?.custom.map((c) => c.name) ?? [])];
}

/** Shows a change at once, then refetches (a rename also moves suppliers on the server). */
export function storeCategoryChange(
  queryClient: QueryClient,
  change: (custom: CustomCategory[]) => CustomCategory[],
): Promise<void> {
  queryClient.setQueryData<Categories>(categoryKeys.all, (data) =>
    data ? { ...data, custom: change(data.custom) } : data,
  );
  return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
}
