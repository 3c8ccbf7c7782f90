import { UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { ROLE_LABELS, parseRole } from '#shared/permissions.ts';
import { updateMemberSchema } from '#shared/schemas/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import type { TeamMember } from '../api/get-team.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { formatTeamDate } from '../format-team-date.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { ROLE_OPTIONS, RoleIcon } from './role-icon.tsx';
import { EmptyNote, SectionCard } from './section-card.tsx';

function MemberRow({ member, onRemove }: { member: TeamMember; onRemove(): void }) {
  const update = useUpdateMember();
  const selectId = useId();
  const changeRole = (value: string) => {
    const parsed = updateMemberSchema.safeParse({ role: value });
    if (!parsed.success) {
      toast.error(TEAMS_MESSAGES.updateMemberFailed, {
        description: parsed.error.issues[0]?.message,
      });
      return;
    }
    const { role } = parsed.data;
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.success(TEAMS_MESSAGES.memberRoleChanged(member.name, ROLE_LABELS[role])),
        onError: (error) =>
          toast.error(TEAMS_MESSAGES.updateMemberFailed, { description: error.message }),
      },
    );
  };
  const role = parseRole(member.role);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="member-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <RoleIcon role={role} />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{member.name}</p>
          <p className="truncate text-sm text-slate-600">{member.email}</p>
          <p className="text-xs text-slate-500">
            {TEAMS_MESSAGES.joinedOn(formatTeamDate(member.joinedAt))}
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <label htmlFor={selectId} className="sr-only">
          {TEAMS_MESSAGES.roleOf(member.name)}
        </label>
        <select
          id={selectId}
          value={role}
          disabled={update.isPending}
          onChange={(event) => changeRole(event.target.value)}
          className={cn(inputClassName, 'h-9 flex-1 sm:w-40 sm:flex-none')}
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          className="text-red-800"
          onClick={onRemove}
          aria-label={TEAMS_MESSAGES.removeOf(member.name)}
        >
          <UserMinus aria-hidden />
          {TEAMS_MESSAGES.remove}
        </Button>
      </div>
    </li>
  );
}

/** Asks before removing: closing it (Escape, X, outside, Cancelar) keeps the member. */
function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose(): void }) {
  const remove = useRemoveMember();
  const confirm = () => {
    if (!member) return;
    remove.mutate(member.userId, {
      onSuccess: () => {
        toast.success(TEAMS_MESSAGES.memberRemoved(member.name));
        onClose();
      },
      onError: (error) =>
        toast.error(TEAMS_MESSAGES.removeMemberFailed, { description: error.message }),
    });
  };
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {member ? (
        <DialogContent
          title={TEAMS_MESSAGES.removeTitle}
          description={TEAMS_MESSAGES.removeQuestion(member.name)}
          className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {TEAMS_MESSAGES.cancel}
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              disabled={remove.isPending}
              onClick={confirm}
            >
              {remove.isPending ? TEAMS_MESSAGES.working : TEAMS_MESSAGES.remove}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** People with their own login who act in this account: their role, or their removal. */
export function MembersSection({ members }: { members: readonly TeamMember[] }) {
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  return (
    <SectionCard
      id="members"
      title={TEAMS_MESSAGES.membersTitle}
      description={TEAMS_MESSAGES.membersDescription}
    >
      {members.length === 0 ? (
        <EmptyNote title={TEAMS_MESSAGES.noMembers} hint={TEAMS_MESSAGES.noMembersHint} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={TEAMS_MESSAGES.membersTitle}>
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} onRemove={() => setToRemove(member)} />
          ))}
        </ul>
      )}
      <RemoveMemberDialog member={toRemove} onClose={() => setToRemove(null)} />
    </SectionCard>
  );
}
