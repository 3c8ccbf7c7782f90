import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { isEmailNotVerified, loginErrorMessage } from '#shared/auth-errors.ts';
import { loginSchema, type LoginInput } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { clearSubscriptionCache } from '#web/lib/auth-client.ts';
import { takeSelectedPlan } from '#web/lib/selected-plan.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { signInEmail } from '../api/sign-in-email.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { postSignUpTarget } from '../auth-mode.ts';
import { AuthHeading } from './auth-layout.tsx';
import { fieldProps, FormAlert, FormField } from './form-field.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';

type LoginFormProps = { onForgotPassword: () => void; onSignUp: () => void };

export function LoginForm({ onForgotPassword, onSignUp }: LoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signInEmail(values);
    if (!result.ok) {
      const message = loginErrorMessage(result.error);
      form.setError('root.server', { message });
      void toast.error(message, { duration: 5000 });
      // Better Auth has just resent the verification mail: show where to look.
      if (isEmailNotVerified(result.error)) {
        await navigate({ to: '/auth', search: { email: values.email, purpose: 'verification' } });
      }
      return;
    }
    clearSubscriptionCache(queryClient);
    // Ask again now so the guard of '/' sees the new cookie's session, not a cached "signed out".
    await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    // Spec accounts §8 "Successes"; §9 toast durations 4000, 5000 and 6000 ms.
    void toast.success(AUTH_TEXT.signedIn, { duration: 4000 });
    // A plan chosen as a visitor (invoice-work §2 "Plan selection") opens its checkout now.
    const target = postSignUpTarget(takeSelectedPlan());
    await (target.to === '/'
      ? navigate({ to: '/' })
      : navigate({ to: '/subscription', search: target.search }));
  });

  return (
    <>
      <AuthHeading title={AUTH_TEXT.loginTitle} subtitle={AUTH_TEXT.loginSubtitle} />
      <GoogleSignIn intent="sign-in" />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <FormField id="login-email" label={AUTH_TEXT.emailLabel} error={errors.email?.message}>
          <Input
            {...fieldProps('login-email', errors.email?.message)}
            type="email"
            autoComplete="email"
            placeholder={AUTH_TEXT.emailPlaceholder}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          id="login-password"
          label={AUTH_TEXT.passwordLabel}
          error={errors.password?.message}
          aside={
            <button
              type="button"
              onClick={onForgotPassword}
              className="text-brand-700 hover:text-brand-900 rounded text-sm font-medium hover:underline"
            >
              {AUTH_TEXT.forgotPassword}
            </button>
          }
        >
          <PasswordInput
            {...fieldProps('login-password', errors.password?.message)}
            autoComplete="current-password"
            {...form.register('password')}
          />
        </FormField>
        {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? AUTH_TEXT.signingIn : AUTH_TEXT.signIn}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {AUTH_TEXT.noAccount}{' '}
        <button
          type="button"
          onClick={onSignUp}
          className="text-brand-700 hover:text-brand-900 rounded font-semibold hover:underline"
        >
          {AUTH_TEXT.createHere}
        </button>
      </p>
    </>
  );
}
