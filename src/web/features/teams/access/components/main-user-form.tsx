import { KeyRound, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { mainLoginSchema } from '#shared/schemas/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PinField } from '../../components/pin-field.tsx';
import { useEnterAsMain } from '../api/enter-profile.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';
import { attemptNumber, mainEntryRefusal, showsRecoveryHint } from '../access-errors.ts';

type MainUserFormProps = {
  onEntered(): Promise<void>;
  onForgotPin(): void;
};

/** What stays on screen after a refusal: the attempt count and hint, or the lock. */
type Standing =
  | { kind: 'clear' }
  | { kind: 'wrong-pin'; failures: number }
  | { kind: 'message'; message: string };

function WrongPinNotice({ failures, onForgotPin }: { failures: number; onForgotPin(): void }) {
  return (
    <div role="alert" className="flex flex-col gap-2">
      <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {ACCESS_MESSAGES.wrongMainPin}{' '}
        <span className="font-semibold">{ACCESS_MESSAGES.attemptOf(attemptNumber(failures))}</span>
      </p>
      {showsRecoveryHint(failures) ? (
        <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">{ACCESS_MESSAGES.tooManyFailures}</span>.{' '}
            <button
              type="button"
              onClick={onForgotPin}
              className="rounded font-medium underline underline-offset-2 hover:text-amber-950"
            >
              {ACCESS_MESSAGES.useRecoveryHint}
            </button>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The 'Utilizador Principal' tab (spec accounts §2): the main PIN, or 'Esqueci o PIN'. */
export function MainUserForm({ onEntered, onForgotPin }: MainUserFormProps) {
  const [pin, setPin] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [standing, setStanding] = useState<Standing>({ kind: 'clear' });
  const [isEntering, setIsEntering] = useState(false);
  const enter = useEnterAsMain();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isEntering) return;
    const parsed = mainLoginSchema.safeParse({ pin });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.mainPinRequired);
      return;
    }
    setFieldError(undefined);
    setIsEntering(true);
    enter.mutate(parsed.data.pin, {
      onSuccess: () => onEntered(),
      onError: (error) => {
        const refusal = mainEntryRefusal(error);
        setIsEntering(false);
        setPin('');
        setStanding(
          refusal.kind === 'wrong-pin'
            ? { kind: 'wrong-pin', failures: refusal.failures }
            : { kind: 'message', message: refusal.notice.title },
        );
        const { title, description } = refusal.notice;
        toast.error(title, description ? { description } : undefined);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden />
        {ACCESS_MESSAGES.mainIntro}
      </p>
      <PinField
        label={ACCESS_MESSAGES.mainPinLabel}
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        error={fieldError}
      />
      {standing.kind === 'wrong-pin' ? (
        <WrongPinNotice failures={standing.failures} onForgotPin={onForgotPin} />
      ) : standing.kind === 'message' ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {standing.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={isEntering}>
        {isEntering ? ACCESS_MESSAGES.entering : ACCESS_MESSAGES.enterAsMain}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onForgotPin}>
        {ACCESS_MESSAGES.forgotPin}
      </Button>
    </form>
  );
}
