import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportMessageDto } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { supportKeys } from '#web/lib/query-keys.ts';
import { SUPPORT_CHAT_MESSAGES } from '../messages.ts';

/** `GET /api/support/messages`: the acting person's conversation with support, oldest first. */
export async function fetchSupportMessages(): Promise<SupportMessageDto[]> {
  const body = await callApi(
    () => api.api.support.messages.$get(),
    SUPPORT_CHAT_MESSAGES.loadFailed,
  );
  return body.items;
}

// Support's answers arrive through live updates ('support.changed' refreshes this key), so
// the open panel asks again only when told to, or when opened again.
export const supportMessagesQueryOptions = queryOptions({
  queryKey: supportKeys.conversation(),
  queryFn: fetchSupportMessages,
  refetchOnMount: 'always',
});

export function useSupportMessages() {
  return useQuery(supportMessagesQueryOptions);
}
