import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { resetRequestErrorMessage } from '#shared/auth-errors.ts';
import { requestResetSchema, type RequestResetInput } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/lib/toast.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { AuthHeading } from './auth-layout.tsx';
import { fieldProps, FormAlert, FormField } from './form-field.tsx';

export function RequestResetForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const form = useForm<RequestResetInput>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (!result.ok) {
      const message = resetRequestErrorMessage(result.error);
      form.setError('root.server', { message });
      void toast.error(message, { duration: 6000 });
      return;
    }
    void toast.success(AUTH_TEXT.resetSent, {
      description: AUTH_TEXT.resetSentDescription,
      duration: 5000,
    });
    await navigate({ to: '/auth', search: { email, purpose: 'reset' } });
  });

  return (
    <>
      <AuthHeading title={AUTH_TEXT.requestResetTitle} subtitle={AUTH_TEXT.requestResetSubtitle} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <FormField id="reset-email" label={AUTH_TEXT.emailLabel} error={errors.email?.message}>
          <Input
            {...fieldProps('reset-email', errors.email?.message)}
            type="email"
            autoComplete="email"
            placeholder={AUTH_TEXT.emailPlaceholder}
            {...form.register('email')}
          />
        </FormField>
        {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? AUTH_TEXT.sendingResetLink : AUTH_TEXT.sendResetLink}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
          {AUTH_TEXT.returnToLogin}
        </Button>
      </form>
    </>
  );
}
