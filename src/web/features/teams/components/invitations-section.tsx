import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, Send, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { ROLE_LABELS, parseRole } from '#shared/permissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import type { TeamInvitation } from '../api/get-team.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { formatTeamDate } from '../format-team-date.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import {
  fieldOfServerError,
  invitationFormSchema,
  type InvitationFormValues,
} from '../team-forms.ts';
import { FormAlert } from './form-alert.tsx';
import { ROLE_OPTIONS } from './role-icon.tsx';
import { EmptyNote, SectionCard } from './section-card.tsx';

function InviteForm() {
  const form = useForm<InvitationFormValues>({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { email: '', role: 'user' },
  });
  const invite = useCreateInvitation();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        toast.success(TEAMS_MESSAGES.invited(input.email));
        form.reset({ email: '', role: input.role });
      },
      onError: (error) => {
        toast.error(TEAMS_MESSAGES.inviteFailed, { description: error.message });
        if (error instanceof ApiError && fieldOfServerError(error.code) === 'email') {
          form.setError('email', { message: error.message }, { shouldFocus: true });
        } else {
          form.setError('root.server', { message: error.message });
        }
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-3"
      aria-label={TEAMS_MESSAGES.invite}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
        <TextField
          label={TEAMS_MESSAGES.emailLabel}
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder={TEAMS_MESSAGES.emailPlaceholder}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label={TEAMS_MESSAGES.roleLabel}
          options={ROLE_OPTIONS}
          error={errors.role?.message}
          {...form.register('role')}
        />
      </div>
      {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={invite.isPending}>
        <Send aria-hidden />
        {invite.isPending ? TEAMS_MESSAGES.inviting : TEAMS_MESSAGES.invite}
      </Button>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation();
  const remove = () =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(TEAMS_MESSAGES.revoked),
      onError: (error) => toast.error(TEAMS_MESSAGES.revokeFailed, { description: error.message }),
    });
  return (
    <li className="flex items-center gap-3 py-3" data-testid="invitation-row">
      <span className="bg-brand-50 text-brand-800 inline-flex size-10 shrink-0 items-center justify-center rounded-full">
        <MailPlus className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {ROLE_LABELS[parseRole(invitation.role)]} ·{' '}
          {TEAMS_MESSAGES.expiresOn(formatTeamDate(invitation.expiresAt))}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={revoke.isPending}
        onClick={remove}
        aria-label={TEAMS_MESSAGES.revokeOf(invitation.email)}
      >
        <X aria-hidden />
        {TEAMS_MESSAGES.revoke}
      </Button>
    </li>
  );
}

/** Invite by email with a role; the pending invitations with their expiry, to revoke. */
export function InvitationsSection({ invitations }: { invitations: readonly TeamInvitation[] }) {
  return (
    <SectionCard
      id="invitations"
      title={TEAMS_MESSAGES.invitationsTitle}
      description={TEAMS_MESSAGES.invitationsDescription}
    >
      <InviteForm />
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">
        {TEAMS_MESSAGES.pendingTitle}
      </h3>
      {invitations.length === 0 ? (
        <EmptyNote title={TEAMS_MESSAGES.noInvitations} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={TEAMS_MESSAGES.pendingTitle}>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
