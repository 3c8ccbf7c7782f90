import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  isInvalidTokenError,
  resetPasswordErrorMessage,
  RESET_ERRORS,
} from '#shared/auth-errors.ts';
import { resetPasswordSchema, type ResetPasswordInput } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { sessionQueryKey } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { resetPassword } from '../api/reset-password.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { AuthHeading } from './auth-layout.tsx';
import { fieldProps, FormAlert, FormField } from './form-field.tsx';

type ResetPasswordFormProps = {
  token: string | undefined;
  /** Set by the emailed link's redirect when the token was bad (e.g. INVALID_TOKEN). */
  linkError: string | undefined;
  onRequestNewLink: () => void;
};

function InvalidLink({ onRequestNewLink }: { onRequestNewLink: () => void }) {
  return (
    <>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <LinkIcon className="size-6" aria-hidden />
      </div>
      <AuthHeading title={RESET_ERRORS.invalidLink} subtitle={AUTH_TEXT.invalidResetDescription} />
      <Button type="button" size="lg" className="w-full" onClick={onRequestNewLink}>
        {AUTH_TEXT.requestNewLink}
      </Button>
    </>
  );
}

export function ResetPasswordForm({ token, linkError, onRequestNewLink }: ResetPasswordFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLinkInvalid, setIsLinkInvalid] = useState(!token || Boolean(linkError));
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    const result = await resetPassword({ token, newPassword: password });
    if (!result.ok) {
      if (isInvalidTokenError(result.error)) {
        setIsLinkInvalid(true);
        return;
      }
      const message = resetPasswordErrorMessage(result.error);
      form.setError('root.server', { message });
      void toast.error(message);
      return;
    }
    // The server revoked every session of this account.
    queryClient.setQueryData(sessionQueryKey, null);
    void toast.success(AUTH_TEXT.passwordUpdated, {
      description: AUTH_TEXT.passwordUpdatedDescription,
    });
    await navigate({ to: '/auth', replace: true });
  });

  if (isLinkInvalid) return <InvalidLink onRequestNewLink={onRequestNewLink} />;

  return (
    <>
      <AuthHeading title={AUTH_TEXT.resetTitle} subtitle={AUTH_TEXT.resetSubtitle} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <FormField id="new-password" label={AUTH_TEXT.newPassword} error={errors.password?.message}>
          <PasswordInput
            {...fieldProps('new-password', errors.password?.message)}
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        <FormField
          id="confirm-new-password"
          label={AUTH_TEXT.confirmNewPassword}
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            {...fieldProps('confirm-new-password', errors.confirmPassword?.message)}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
        {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? AUTH_TEXT.savingPassword : AUTH_TEXT.savePassword}
        </Button>
      </form>
    </>
  );
}
