import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';
import { callApi } from '#web/lib/call-api.ts';
import { emailKeys } from '#web/lib/query-keys.ts';

/** `POST /api/emails/:id/resend` → `{ ok: true }` or the error shape with a spec code. */
export function resendEmail(id: string): Promise<{ ok: true }> {
  return callApi(
    () => api.api.emails[':id'].resend.$post({ param: { id } }),
    SETTINGS_MESSAGES.resendFailed,
  );
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    // One press, one email: a retry could send it twice.
    retry: false,
    // Success or failure, the audit rows changed (a new send, or a row marked failed).
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
