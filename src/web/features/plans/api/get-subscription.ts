import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { billingKeys } from '#web/lib/query-keys.ts';
import {
  readSubscriptionCache,
  SUBSCRIPTION_CACHE_MS,
  writeSubscriptionCache,
} from '#web/lib/subscription-cache.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';
import { isSubscriptionSummary, type SubscriptionSummary } from './billing-types.ts';

/** `GET /api/billing/subscription`: plan, status, dates, usage and whether checkout exists. */
export function fetchSubscription(): Promise<SubscriptionSummary> {
  return callApi(() => api.api.billing.subscription.$get(), SUBSCRIPTION_TOASTS.checkFailed);
}

/** When this page was loaded: data fetched since then is kept fresh by live updates. */
const PAGE_LOADED_AT = Date.now();

/**
 * Spec accounts §9: the answer is kept an hour on the device (`subscription_cache`), per
 * user. The screen paints from it at once; a copy from an earlier page load is checked with
 * the server in the background when the screen opens (a plan may have changed while no tab
 * was listening), while one fetched during this page stays until an hour passes or a live
 * update (a plan or invoice change) refreshes it.
 */
export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: async () => {
      const summary = await fetchSubscription();
      writeSubscriptionCache(userId, summary);
      return summary;
    },
    initialData: () => readSubscriptionCache(userId, isSubscriptionSummary)?.data,
    initialDataUpdatedAt: () => readSubscriptionCache(userId, isSubscriptionSummary)?.savedAt,
    staleTime: SUBSCRIPTION_CACHE_MS,
    refetchOnMount: (query) => query.state.dataUpdatedAt < PAGE_LOADED_AT,
  });
}

export function useSubscription(userId: string) {
  return useQuery(subscriptionQueryOptions(userId));
}
