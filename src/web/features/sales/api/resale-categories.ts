import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ResaleCategoriesInput } from '#shared/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { salesKeys } from '#web/lib/query-keys.ts';
import { CMV_MESSAGES } from '../messages.ts';

const resale = api.api.sales['resale-categories'];
/** GET /api/sales/resale-categories: every category with its mark and supplier count. */
export type ResaleCategory = InferResponseType<typeof resale.$get, 200>['categories'][number];

export const resaleCategoriesQueryOptions = queryOptions({
  queryKey: salesKeys.resaleCategories(),
  queryFn: () => callApi(() => resale.$get(), CMV_MESSAGES.resaleLoadFailed),
});

export function useResaleCategories() {
  return useQuery(resaleCategoriesQueryOptions);
}

/** PUT /api/sales/resale-categories: replaces the marks; the report follows. */
export function useSaveResaleCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResaleCategoriesInput) =>
      callApi(() => resale.$put({ json: input }), CMV_MESSAGES.resaleSaveFailed),
    retry: false,
    onSuccess: (data) => {
      queryClient.setQueryData(salesKeys.resaleCategories(), data);
      return queryClient.invalidateQueries({ queryKey: salesKeys.all });
    },
  });
}
