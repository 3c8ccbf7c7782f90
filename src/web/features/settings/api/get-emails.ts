import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';
import { callApi } from '#web/lib/call-api.ts';
import { emailKeys } from '#web/lib/query-keys.ts';

/** One row of `GET /api/emails` (issue 3 contract), newest first. */
export type EmailHistoryItem = InferResponseType<typeof api.api.emails.$get, 200>['items'][number];

export async function fetchEmails(): Promise<EmailHistoryItem[]> {
  const body = await callApi(() => api.api.emails.$get(), SETTINGS_MESSAGES.loadFailed);
  return body.items;
}

// The history changes whenever the app sends something, so it is fresher than the default.
export const emailsQueryOptions = queryOptions({
  queryKey: emailKeys.all,
  queryFn: fetchEmails,
  staleTime: 30_000,
  refetchOnMount: 'always',
});

export function useEmails() {
  return useQuery(emailsQueryOptions);
}
