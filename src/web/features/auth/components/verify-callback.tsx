import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { verificationErrorMessage } from '#shared/auth-errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { clearSubscriptionCache } from '#web/lib/auth-client.ts';
import { takeSelectedPlan } from '#web/lib/selected-plan.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { postSignUpTarget } from '../auth-mode.ts';
import { AuthHeading, AuthLayout } from './auth-layout.tsx';

/** Spec accounts §2 "/auth/callback": the redirect to the home page waits 2 s. */
export const CALLBACK_REDIRECT_MS = 2000;

type CallbackState = 'loading' | 'success' | 'error';
type CallbackQuery = { error?: string | undefined; error_description?: string | undefined };

/** The verification link lands here with the new session cookie, or with ?error=. */
export function VerifyCallback({ query }: { query: CallbackQuery }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasQueryError = Boolean(query.error || query.error_description);
  const [state, setState] = useState<CallbackState>(hasQueryError ? 'error' : 'loading');
  useDocumentTitle(state === 'error' ? AUTH_TEXT.verificationFailed : AUTH_TEXT.verifying);

  useEffect(() => {
    let isCancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function verify() {
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      if (isCancelled) return;
      if (!session) return setState('error');
      setState('success');
      clearSubscriptionCache(queryClient);
      void toast.success(AUTH_TEXT.verifiedTitle, { id: 'email-verified' });
      const target = postSignUpTarget(takeSelectedPlan());
      timer = setTimeout(() => {
        void (target.to === '/'
          ? navigate({ to: '/', replace: true })
          : navigate({ to: '/subscription', search: target.search, replace: true }));
      }, CALLBACK_REDIRECT_MS);
    }
    if (!hasQueryError) void verify();
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [hasQueryError, navigate, queryClient]);

  return (
    <AuthLayout>
      <div key={state} className="animate-fade-in" aria-live="polite">
        {state === 'loading' ? (
          <p className="flex items-center gap-3 text-slate-700" role="status">
            <Loader2 className="text-brand-700 size-5 animate-spin" aria-hidden />
            {AUTH_TEXT.verifying}
          </p>
        ) : null}
        {state === 'success' ? (
          <>
            <div className="bg-brand-50 text-brand-700 mb-4 flex size-12 items-center justify-center rounded-full">
              <CircleCheck className="size-6" aria-hidden />
            </div>
            <AuthHeading title={AUTH_TEXT.verifiedTitle} subtitle={AUTH_TEXT.verifiedRedirect} />
          </>
        ) : null}
        {state === 'error' ? (
          <>
            <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
              <CircleX className="size-6" aria-hidden />
            </div>
            <AuthHeading
              title={AUTH_TEXT.verificationFailed}
              subtitle={verificationErrorMessage(query)}
            />
            <Button
              type="button"
              size="lg"
              className="w-full"
              onClick={() => void navigate({ to: '/auth', replace: true })}
            >
              {AUTH_TEXT.goToAuth}
            </Button>
          </>
        ) : null}
      </div>
    </AuthLayout>
  );
}
