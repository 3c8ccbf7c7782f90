import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { authRequest } from '#web/lib/auth-client.ts';
import { sessionListKeys } from '#web/lib/query-keys.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import {
  changePasswordFormSchema,
  type ChangePasswordInput,
  type ChangePasswordValues,
} from '../change-password-values.ts';
import { PASSWORD_EXTRA_MESSAGES, SETTINGS_MESSAGES } from '../messages.ts';

/** Ties an input to its label and error for screen readers (as the auth forms do). */
function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-erro` : undefined,
  } as const;
}

function FormField(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-erro`} className="text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Password change while signed in. The new password follows the reset rule (spec accounts §5);
 * the server checks it again (src/server/features/auth/password-rule.ts). Other sessions stay,
 * unless 'Terminar a sessão nos outros dispositivos' is ticked (Better Auth's
 * revokeOtherSessions: every session ends and this browser gets a new one).
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      revokeOtherSessions: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, newPassword, revokeOtherSessions }) => {
      const result = await authRequest<unknown>('/api/auth/change-password', {
        body: { currentPassword, newPassword, revokeOtherSessions },
      });
      if (!result.ok) {
        const message = result.error.message ?? SETTINGS_MESSAGES.passwordChangeFailed;
        form.setError('root.server', { message });
        void toast.error(message);
        return;
      }
      form.reset();
      void toast.success(
        SETTINGS_MESSAGES.passwordChanged,
        revokeOtherSessions ? { description: PASSWORD_EXTRA_MESSAGES.revokedOthers } : undefined,
      );
      if (revokeOtherSessions) {
        // This browser's session is a new one now: the session and the list are read again.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        void queryClient.invalidateQueries({ queryKey: sessionListKeys.all });
      }
    },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 max-w-md space-y-4">
      <FormField
        id="current-password"
        label={SETTINGS_MESSAGES.currentPassword}
        error={errors.currentPassword?.message}
      >
        <PasswordInput
          {...fieldProps('current-password', errors.currentPassword?.message)}
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
      </FormField>
      <FormField
        id="settings-new-password"
        label={SETTINGS_MESSAGES.newPassword}
        error={errors.newPassword?.message}
      >
        <PasswordInput
          {...fieldProps('settings-new-password', errors.newPassword?.message)}
          autoComplete="new-password"
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField
        id="settings-confirm-password"
        label={SETTINGS_MESSAGES.confirmPassword}
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          {...fieldProps('settings-confirm-password', errors.confirmPassword?.message)}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <Checkbox className="mt-0.5" {...form.register('revokeOtherSessions')} />
        <span>
          <span className="font-medium text-slate-800">{PASSWORD_EXTRA_MESSAGES.revokeOthers}</span>
          <span className="block text-slate-600">{PASSWORD_EXTRA_MESSAGES.revokeOthersHint}</span>
        </span>
      </label>
      {errors.root?.server?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? SETTINGS_MESSAGES.changingPassword : SETTINGS_MESSAGES.changePassword}
      </Button>
    </form>
  );
}
