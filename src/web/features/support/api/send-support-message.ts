import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMessageDto, SupportMessageInput } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { supportKeys } from '#web/lib/query-keys.ts';
import { SUPPORT_CHAT_MESSAGES } from '../messages.ts';

/**
 * `POST /api/support/messages` → 201 the stored message. The same submission object sends the
 * same Idempotency-Key: sent again after a lost answer, it is not stored twice.
 */
export async function sendSupportMessage(input: SupportMessageInput): Promise<SupportMessageDto> {
  const body = await callApi(
    () => api.api.support.messages.$post({ json: input }, { headers: idempotencyHeaders(input) }),
    SUPPORT_CHAT_MESSAGES.sendFailed,
  );
  return body.message;
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    retry: false,
    onSuccess: (message) => {
      queryClient.setQueryData<SupportMessageDto[]>(supportKeys.conversation(), (items) =>
        items?.some((item) => item.id === message.id) ? items : [...(items ?? []), message],
      );
    },
  });
}
