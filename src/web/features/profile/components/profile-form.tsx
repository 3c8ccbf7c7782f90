import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import type { z } from 'zod';
import { updateProfileSchema, type UpdateProfileInput } from '#shared/schemas/profile.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { Profile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import { toFormValues } from '../profile-form-values.ts';
import { AccountTypeField } from './account-type-field.tsx';
import { TextField } from './text-field.tsx';

type ProfileFormProps = { profile: Profile; onDone: () => void };

/**
 * Identity fields, validated by the same schema as the server. On a server error the form
 * stays open with everything typed, so nothing is lost.
 */
export function ProfileForm({ profile, onDone }: ProfileFormProps) {
  // The resolver hands `onSubmit` the schema's output (nulls, normalised NIFs): that is what
  // we send. Hidden company fields unregister, so a Particular save leaves them untouched.
  const form = useForm<UpdateProfileInput, unknown, z.output<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: toFormValues(profile),
    mode: 'onTouched',
    shouldUnregister: true,
  });
  const update = useUpdateProfile();
  // Keyboard and screen-reader users land in the form they just opened.
  const { setFocus } = form;
  useEffect(() => setFocus('fullName'), [setFocus]);
  const { errors } = form.formState;
  const isCompany = useWatch({ control: form.control, name: 'accountType' }) === 'empresa';

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast.success(PROFILE_MESSAGES.saved);
        onDone();
      },
      onError: (error) => toast.error(PROFILE_MESSAGES.saveFailed, { description: error.message }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <AccountTypeField register={form.register('accountType')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome completo"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextField
          label="NIF pessoal"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123 456 789"
          error={errors.personalNif?.message}
          {...form.register('personalNif')}
        />
        {isCompany ? (
          <>
            <TextField
              label="Nome da empresa"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...form.register('companyName')}
            />
            <TextField
              label="NIF da empresa"
              inputMode="numeric"
              autoComplete="off"
              placeholder="123 456 789"
              error={errors.companyNif?.message}
              {...form.register('companyNif')}
            />
          </>
        ) : null}
        <TextField
          label="Telefone"
          type="tel"
          autoComplete="tel"
          placeholder="912 345 678"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'A guardar...' : 'Guardar alterações'}
        </Button>
      </div>
    </form>
  );
}
