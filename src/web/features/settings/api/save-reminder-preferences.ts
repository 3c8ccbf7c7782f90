import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import type { ReminderPreferences } from '#shared/reminders.ts';
import { REMINDER_MESSAGES } from '../notification-messages.ts';

/** `PUT /api/notifications/reminders`: the whole set, as saved. */
export async function saveReminderPreferences(
  preferences: ReminderPreferences,
): Promise<ReminderPreferences> {
  const body = await callApi(
    () => api.api.notifications.reminders.$put({ json: preferences }),
    REMINDER_MESSAGES.saveFailed,
  );
  return body.preferences;
}

export function useSaveReminderPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.reminders(), saved),
  });
}
