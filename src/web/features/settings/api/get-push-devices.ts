import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import { REMINDER_MESSAGES } from '../notification-messages.ts';

/** One device of `GET /api/notifications/push/subscriptions`, oldest first. */
export type PushDevice = InferResponseType<
  typeof api.api.notifications.push.subscriptions.$get,
  200
>['items'][number];

export async function fetchPushDevices(): Promise<PushDevice[]> {
  const body = await callApi(
    () => api.api.notifications.push.subscriptions.$get(),
    REMINDER_MESSAGES.devicesLoadFailed,
  );
  return body.items;
}

export const pushDevicesQueryOptions = queryOptions({
  queryKey: notificationKeys.devices(),
  queryFn: fetchPushDevices,
  staleTime: 30_000,
  refetchOnMount: 'always',
});

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions);
}
