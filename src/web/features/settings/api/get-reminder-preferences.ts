import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import type { ReminderPreferences } from '#shared/reminders.ts';
import { REMINDER_MESSAGES } from '../notification-messages.ts';

/** `GET /api/notifications/reminders`: the person's choices in this account (or the defaults). */
export async function fetchReminderPreferences(): Promise<ReminderPreferences> {
  const body = await callApi(
    () => api.api.notifications.reminders.$get(),
    REMINDER_MESSAGES.remindersLoadFailed,
  );
  return body.preferences;
}

export const reminderPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.reminders(),
  queryFn: fetchReminderPreferences,
  staleTime: 60_000,
});

export function useReminderPreferences() {
  return useQuery(reminderPreferencesQueryOptions);
}
