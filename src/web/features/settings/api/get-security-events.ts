import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { securityEventKeys } from '#web/lib/query-keys.ts';
import type { SecurityEventDto } from '#shared/security-events.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';

export async function fetchSecurityEvents(): Promise<SecurityEventDto[]> {
  const body = await callApi(
    () => api.api['security-events'].$get(),
    SETTINGS_MESSAGES.securityLoadFailed,
  );
  return body.events;
}

export const securityEventsQueryOptions = queryOptions({
  queryKey: securityEventKeys.all,
  queryFn: fetchSecurityEvents,
  staleTime: 30_000,
  refetchOnMount: 'always',
});

export function useSecurityEvents(enabled: boolean) {
  return useQuery({ ...securityEventsQueryOptions, enabled });
}
