import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { integrationKeys } from '#web/lib/query-keys.ts';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';

const $get = api.api.integrations.feed.$get;
/** GET /api/integrations/feed: the secret's dates, or null; never the secret itself. */
export type FeedStatus = InferResponseType<typeof $get, 200>;

export function feedStatusQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.feed(),
    queryFn: () => callApi(() => $get(), INTEGRATIONS_MESSAGES.loadFailed),
  });
}

export function useFeedStatus() {
  return useQuery(feedStatusQueryOptions());
}
