import { Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { ROLE_LABELS } from '#shared/permissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import type { TeamSubUser } from '../api/get-team.ts';
import { useUpdateSubUser } from '../api/update-sub-user.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { RoleIcon } from './role-icon.tsx';
import { EmptyNote, SectionCard } from './section-card.tsx';
import { CreateSubUserForm, EditSubUserForm } from './sub-user-form.tsx';

type FormTarget = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; subUser: TeamSubUser };

function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        isActive ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600',
      )}
    >
      <span
        className={cn('size-1.5 rounded-full', isActive ? 'bg-emerald-500' : 'bg-slate-400')}
        aria-hidden
      />
      {isActive ? TEAMS_MESSAGES.active : TEAMS_MESSAGES.inactive}
    </span>
  );
}

function SubUserRow({ subUser, onEdit }: { subUser: TeamSubUser; onEdit(): void }) {
  const update = useUpdateSubUser();
  const toggle = () => {
    const isActive = !subUser.isActive;
    update.mutate(
      { id: subUser.id, changes: { isActive } },
      {
        onSuccess: () =>
          toast.success(
            isActive
              ? TEAMS_MESSAGES.subUserReactivated(subUser.name)
              : TEAMS_MESSAGES.subUserDeactivated(subUser.name),
          ),
        onError: (error) =>
          toast.error(TEAMS_MESSAGES.updateSubUserFailed, { description: error.message }),
      },
    );
  };
  return (
    <li
      className={cn(
        'flex flex-col gap-3 py-3 sm:flex-row sm:items-center',
        subUser.isActive ? null : 'opacity-75',
      )}
      data-testid="sub-user-row"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <RoleIcon role={subUser.role} />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{subUser.name}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{ROLE_LABELS[subUser.role]}</span>
            <StatusBadge isActive={subUser.isActive} />
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          onClick={onEdit}
          aria-label={TEAMS_MESSAGES.editSubUserOf(subUser.name)}
        >
          <Pencil aria-hidden />
          {TEAMS_MESSAGES.edit}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className={cn('flex-1 sm:flex-none', subUser.isActive ? 'text-red-800' : null)}
          disabled={update.isPending}
          onClick={toggle}
          aria-label={
            subUser.isActive
              ? TEAMS_MESSAGES.deactivateOf(subUser.name)
              : TEAMS_MESSAGES.reactivateOf(subUser.name)
          }
        >
          {subUser.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {subUser.isActive ? TEAMS_MESSAGES.deactivate : TEAMS_MESSAGES.reactivate}
        </Button>
      </div>
    </li>
  );
}

/** The PIN profiles of the shared device: create, edit, deactivate and reactivate. */
export function SubUsersSection({ subUsers }: { subUsers: readonly TeamSubUser[] }) {
  const [target, setTarget] = useState<FormTarget>({ kind: 'closed' });
  const close = () => setTarget({ kind: 'closed' });
  return (
    <SectionCard
      id="sub-users"
      title={TEAMS_MESSAGES.subUsersTitle}
      description={TEAMS_MESSAGES.subUsersDescription}
      action={
        <Button className="self-start" onClick={() => setTarget({ kind: 'new' })}>
          <Plus aria-hidden />
          {TEAMS_MESSAGES.newSubUser}
        </Button>
      }
    >
      {subUsers.length === 0 ? (
        <EmptyNote title={TEAMS_MESSAGES.noSubUsers} hint={TEAMS_MESSAGES.noSubUsersHint} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={TEAMS_MESSAGES.subUsersTitle}>
          {subUsers.map((subUser) => (
            <SubUserRow
              key={subUser.id}
              subUser={subUser}
              onEdit={() => setTarget({ kind: 'edit', subUser })}
            />
          ))}
        </ul>
      )}
      <Dialog open={target.kind !== 'closed'} onOpenChange={(open) => (open ? null : close())}>
        {target.kind === 'closed' ? null : (
          <DialogContent
            title={target.kind === 'edit' ? TEAMS_MESSAGES.editSubUser : TEAMS_MESSAGES.newSubUser}
          >
            {target.kind === 'edit' ? (
              <EditSubUserForm key={target.subUser.id} subUser={target.subUser} onDone={close} />
            ) : (
              <CreateSubUserForm onDone={close} />
            )}
          </DialogContent>
        )}
      </Dialog>
    </SectionCard>
  );
}
