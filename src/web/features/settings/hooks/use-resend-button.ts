import { useEffect, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { useResendEmail } from '../api/resend-email.ts';
import { resendErrorMessage } from '../email-labels.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';
import { createResendStatus, type ResendStatus } from '../resend-status.ts';

/** One row's resend button: its status (spec timings) and the action with its toasts. */
export function useResendButton(emailId: string) {
  const [status, setStatus] = useState<ResendStatus>('idle');
  const [controller] = useState(() => createResendStatus(setStatus));
  useEffect(() => controller.dispose, [controller]);
  const resend = useResendEmail();

  function run() {
    void controller.run(async () => {
      try {
        await resend.mutateAsync(emailId);
        toast.success(SETTINGS_MESSAGES.resent);
      } catch (error) {
        toast.error(SETTINGS_MESSAGES.resendFailed, {
          description: resendErrorMessage(error instanceof Error ? error : {}),
        });
        throw error;
      }
    });
  }

  return { status, run };
}
