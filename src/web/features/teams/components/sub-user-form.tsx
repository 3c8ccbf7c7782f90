import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useCreateSubUser } from '../api/create-sub-user.ts';
import type { TeamSubUser } from '../api/get-team.ts';
import { useUpdateSubUser } from '../api/update-sub-user.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import {
  fieldOfServerError,
  subUserChanges,
  subUserCreateFormSchema,
  type SubUserCreateFormValues,
  type SubUserEditFormValues,
} from '../team-forms.ts';
import { FormAlert } from './form-alert.tsx';
import { PinField } from './pin-field.tsx';
import { ROLE_OPTIONS } from './role-icon.tsx';

type FormActionsProps = { isPending: boolean; submitLabel: string; onCancel(): void };

function FormActions({ isPending, submitLabel, onCancel }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
        {TEAMS_MESSAGES.cancel}
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? TEAMS_MESSAGES.saving : submitLabel}
      </Button>
    </div>
  );
}

/** Name, role and PIN of a new profile, validated by the server's schema. */
export function CreateSubUserForm({ onDone }: { onDone(): void }) {
  const form = useForm<SubUserCreateFormValues>({
    resolver: zodResolver(subUserCreateFormSchema),
    defaultValues: { name: '', role: 'user', pin: '' },
  });
  const create = useCreateSubUser();
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(TEAMS_MESSAGES.subUserCreated(input.name));
        onDone();
      },
      onError: (error) => {
        toast.error(TEAMS_MESSAGES.createSubUserFailed, { description: error.message });
        if (error instanceof ApiError && fieldOfServerError(error.code) === 'name') {
          form.setError('name', { message: error.message }, { shouldFocus: true });
        } else {
          form.setError('root.server', { message: error.message });
        }
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={TEAMS_MESSAGES.nameLabel}
        autoComplete="off"
        maxLength={60}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label={TEAMS_MESSAGES.roleLabel}
        options={ROLE_OPTIONS}
        error={errors.role?.message}
        {...form.register('role')}
      />
      <PinField
        label={TEAMS_MESSAGES.pinLabel}
        hint={TEAMS_MESSAGES.pinHint}
        error={errors.pin?.message}
        {...form.register('pin')}
      />
      {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
      <FormActions
        isPending={create.isPending}
        submitLabel={TEAMS_MESSAGES.create}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * Rename, change the role or give a new PIN: only what changed is sent, checked by the
 * server's own schema first.
 */
export function EditSubUserForm({ subUser, onDone }: { subUser: TeamSubUser; onDone(): void }) {
  const form = useForm<SubUserEditFormValues>({
    defaultValues: { name: subUser.name, role: subUser.role, pin: '' },
  });
  const update = useUpdateSubUser();
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    const parsed = subUserChanges(subUser, values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'pin' || field === 'role') {
          form.setError(field, { message: issue.message }, { shouldFocus: true });
        } else {
          form.setError('root.server', { message: issue.message });
        }
      }
      return;
    }
    update.mutate(
      { id: subUser.id, changes: parsed.data },
      {
        onSuccess: () => {
          toast.success(TEAMS_MESSAGES.subUserUpdated);
          onDone();
        },
        onError: (error) => {
          toast.error(TEAMS_MESSAGES.updateSubUserFailed, { description: error.message });
          if (error instanceof ApiError && fieldOfServerError(error.code) === 'name') {
            form.setError('name', { message: error.message }, { shouldFocus: true });
          } else {
            form.setError('root.server', { message: error.message });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={TEAMS_MESSAGES.nameLabel}
        autoComplete="off"
        maxLength={60}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label={TEAMS_MESSAGES.roleLabel}
        options={ROLE_OPTIONS}
        error={errors.role?.message}
        {...form.register('role')}
      />
      <PinField
        label={TEAMS_MESSAGES.newPinOptional}
        hint={TEAMS_MESSAGES.newPinOptionalHint}
        error={errors.pin?.message}
        autoComplete="new-password"
        {...form.register('pin')}
      />
      {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
      <FormActions
        isPending={update.isPending}
        submitLabel={TEAMS_MESSAGES.save}
        onCancel={onDone}
      />
    </form>
  );
}
