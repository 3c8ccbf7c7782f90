import { Check, Loader2, MailCheck, RotateCw, X } from 'lucide-react';
import { resendErrorMessage } from '#shared/auth-errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { sendVerificationEmail } from '../api/send-verification-email.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { useResendState, type ResendState } from '../hooks/use-resend-state.ts';
import { AuthHeading } from './auth-layout.tsx';

type CheckEmailProps = { email: string; purpose: 'verification' | 'reset'; onBack: () => void };

const RESEND_LOOK: Record<ResendState, { label: string; icon: typeof Check }> = {
  idle: { label: AUTH_TEXT.resendIdle, icon: RotateCw },
  loading: { label: AUTH_TEXT.resendLoading, icon: Loader2 },
  success: { label: AUTH_TEXT.resendSuccess, icon: Check },
  error: { label: AUTH_TEXT.resendError, icon: X },
};

/** After sign-up or a reset request: where the link went, and a resend button. */
export function CheckEmail({ email, purpose, onBack }: CheckEmailProps) {
  const { state, resend } = useResendState(async () => {
    const result =
      purpose === 'reset' ? await requestPasswordReset(email) : await sendVerificationEmail(email);
    if (!result.ok) void toast.error(resendErrorMessage(result.error, purpose));
    return result.ok;
  });
  const { label, icon: Icon } = RESEND_LOOK[state];

  return (
    <>
      <div className="bg-brand-50 text-brand-700 mb-4 flex size-12 items-center justify-center rounded-full">
        <MailCheck className="size-6" aria-hidden />
      </div>
      <AuthHeading
        title={AUTH_TEXT.checkEmailTitle}
        subtitle={
          purpose === 'reset'
            ? AUTH_TEXT.checkEmailReset(email)
            : AUTH_TEXT.checkEmailVerification(email)
        }
      />
      <p className="text-sm text-slate-600">{AUTH_TEXT.checkSpam}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={() => void resend()}
          disabled={state !== 'idle'}
          aria-live="polite"
          className={state === 'success' ? 'border-brand-600 text-brand-800' : undefined}
        >
          <Icon className={state === 'loading' ? 'animate-spin' : undefined} aria-hidden />
          {label}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          {AUTH_TEXT.returnToLogin}
        </Button>
      </div>
    </>
  );
}
