import { useNavigate } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PlanId } from '#shared/plans.ts';
import { storeSelectedPlan } from '#web/lib/selected-plan.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { modeFromLocation, shouldForwardToCallback, type AuthMode } from '../auth-mode.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import { LoginForm } from './login-form.tsx';
import { RequestResetForm } from './request-reset-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { SignUpDialog } from './sign-up-dialog.tsx';
import { VerificationSuccess } from './verification-success.tsx';

export type AuthScreenSearch = {
  plan?: PlanId | undefined;
  signup?: boolean | undefined;
  verification?: 'success' | undefined;
  email?: string | undefined;
  purpose?: 'verification' | 'reset' | undefined;
  access_token?: string | undefined;
  refresh_token?: string | undefined;
  token?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
  invite_token?: string | undefined;
};

const TITLES: Record<AuthMode, string> = {
  login: AUTH_TEXT.loginTitle,
  'request-reset': AUTH_TEXT.requestResetTitle,
  'reset-password': AUTH_TEXT.resetTitle,
  'check-email': AUTH_TEXT.checkEmailTitle,
  'verification-success': AUTH_TEXT.verifiedTitle,
};

/** /auth and /auth/reset-password: every mode of spec accounts §2, switched with a 150 ms fade. */
export function AuthScreen({ pathname, search }: { pathname: string; search: AuthScreenSearch }) {
  const navigate = useNavigate();
  const urlMode = modeFromLocation(pathname, search);
  const [mode, setMode] = useState<AuthMode>(urlMode);
  const [seenUrlMode, setSeenUrlMode] = useState(urlMode);
  // The address wins whenever it changes (e.g. check-email after a sign-up).
  if (urlMode !== seenUrlMode) {
    setSeenUrlMode(urlMode);
    setMode(urlMode);
  }
  const [isSignUpOpen, setIsSignUpOpen] = useState(search.signup === true);
  useDocumentTitle(isSignUpOpen ? AUTH_TEXT.signUpTitle : TITLES[mode]);

  const { plan } = search;
  useEffect(() => {
    if (plan) storeSelectedPlan(plan);
  }, [plan]);

  const isForwarding = shouldForwardToCallback(search);
  useEffect(() => {
    if (!isForwarding) return;
    const { access_token, refresh_token, error, error_description } = search;
    void navigate({
      to: '/auth/callback',
      search: { access_token, refresh_token, error, error_description },
      replace: true,
    });
  }, [isForwarding, navigate, search]);

  function goToLogin() {
    setMode('login');
    void navigate({ to: '/auth', search: {} });
  }

  function showCheckEmail(email: string) {
    setIsSignUpOpen(false);
    void navigate({ to: '/auth', search: { email, purpose: 'verification' } });
  }

  if (isForwarding) return null;

  return (
    <AuthLayout>
      {search.invite_token ? (
        <p
          role="status"
          className="border-brand-200 bg-brand-50 text-brand-900 mb-5 flex gap-2 rounded-lg border px-3 py-2 text-sm"
        >
          <UsersRound className="mt-0.5 size-4 shrink-0" aria-hidden />
          {AUTH_TEXT.invitedNote}
        </p>
      ) : null}
      <div key={mode} className="animate-fade-in">
        {mode === 'login' ? (
          <LoginForm
            onForgotPassword={() => setMode('request-reset')}
            onSignUp={() => setIsSignUpOpen(true)}
          />
        ) : null}
        {mode === 'request-reset' ? <RequestResetForm onBack={goToLogin} /> : null}
        {mode === 'reset-password' ? (
          <ResetPasswordForm
            token={search.token}
            linkError={search.error}
            onRequestNewLink={() => setMode('request-reset')}
          />
        ) : null}
        {mode === 'check-email' && search.email && search.purpose ? (
          <CheckEmail email={search.email} purpose={search.purpose} onBack={goToLogin} />
        ) : null}
        {mode === 'verification-success' ? <VerificationSuccess onContinue={goToLogin} /> : null}
      </div>
      <SignUpDialog
        isOpen={isSignUpOpen}
        onOpenChange={setIsSignUpOpen}
        onCreated={showCheckEmail}
      />
    </AuthLayout>
  );
}
