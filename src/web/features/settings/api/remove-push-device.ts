import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApiNoContent } from '#web/lib/call-api.ts';
import { forgetPushDevice } from '#web/lib/push-device.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import { REMINDER_MESSAGES } from '../notification-messages.ts';

/** `DELETE /api/notifications/push/subscriptions/:id`; this browser's own is unsubscribed too. */
export async function removePushDevice(id: string): Promise<void> {
  await callApiNoContent(
    () => api.api.notifications.push.subscriptions[':id'].$delete({ param: { id } }),
    REMINDER_MESSAGES.removeFailed,
  );
  await forgetPushDevice(id);
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices() }),
  });
}
