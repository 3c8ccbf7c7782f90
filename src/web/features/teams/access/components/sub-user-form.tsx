import { Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { subUserLoginSchema } from '#shared/schemas/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PinField } from '../../components/pin-field.tsx';
import { useEnterAsSubUser } from '../api/enter-profile.ts';
import type { AccessSubUser } from '../api/get-team-access.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';
import { subUserEntryNotice } from '../access-errors.ts';
import { SubUserPicker } from './sub-user-picker.tsx';

type SubUserFormProps = {
  subUsers: readonly AccessSubUser[];
  /** The chosen profile is in: its name for the success toast. */
  onEntered(name: string): Promise<void>;
};

/** The 'Sub-utilizador' tab (spec accounts §2): a profile from the dropdown and its PIN. */
export function SubUserForm({ subUsers, onEntered }: SubUserFormProps) {
  const labelId = useId();
  const errorId = useId();
  const [subUserId, setSubUserId] = useState(subUsers.length === 1 ? (subUsers[0]?.id ?? '') : '');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enter = useEnterAsSubUser();
  const [isEntering, setIsEntering] = useState(false);

  if (subUsers.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <Users className="size-8 text-slate-400" aria-hidden />
        <p className="font-medium text-slate-800">{ACCESS_MESSAGES.noActiveSubUsers}</p>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isEntering) return;
    // Spec §5: a chosen user and a PIN, then the PIN's format.
    const parsed = subUserLoginSchema.safeParse({ subUserId, pin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.chooseSubUser);
      return;
    }
    setError(null);
    setIsEntering(true);
    enter.mutate(parsed.data, {
      onSuccess: async ({ acting }) => {
        const name = acting.name || subUsers.find((s) => s.id === subUserId)?.name || '';
        await onEntered(name);
      },
      onError: (refusal) => {
        const notice = subUserEntryNotice(refusal);
        setError(notice.title);
        setPin('');
        setIsEntering(false);
        toast.error(notice.title, {
          ...(notice.description ? { description: notice.description } : {}),
          ...(notice.duration ? { duration: notice.duration } : {}),
        });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {ACCESS_MESSAGES.subUserLabel}
        </span>
        <SubUserPicker
          labelId={labelId}
          subUsers={subUsers}
          value={subUserId}
          onChange={(id) => {
            setSubUserId(id);
            setError(null);
          }}
          isInvalid={error !== null && subUserId === ''}
          describedBy={error ? errorId : undefined}
        />
      </div>
      <PinField
        label={ACCESS_MESSAGES.pinLabel}
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        aria-invalid={error !== null && subUserId !== '' ? true : undefined}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={isEntering}>
        {isEntering ? ACCESS_MESSAGES.entering : ACCESS_MESSAGES.enterAsSubUser}
      </Button>
    </form>
  );
}
