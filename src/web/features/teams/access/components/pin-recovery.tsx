import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { RECOVERY_CODE_LENGTH, RECOVERY_RESET_MS, TEAM_MESSAGES } from '#shared/team.ts';
import { recoveryConfirmSchema } from '#shared/schemas/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { PinField } from '../../components/pin-field.tsx';
import { useConfirmRecovery, useSendRecoveryCode } from '../api/pin-recovery.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';
import { recoveryConfirmMessage, recoverySendMessage } from '../access-errors.ts';

/** Spec accounts §9 "success redirect 1000 ms": 'PIN Definido!' shows this long first. */
export const RECOVERY_SUCCESS_DELAY_MS = 1_000;

type Step = 'send' | 'confirm' | 'done';

type PinRecoveryProps = {
  /** 'Cancelar', and the form's reset after 'PIN Definido!' (spec §4): back to the PIN form. */
  onClose(): void;
  /** The new PIN is set and the server has started the main session. */
  onRecovered(): Promise<void>;
};

function CodeField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {ACCESS_MESSAGES.codeLabel}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
        maxLength={RECOVERY_CODE_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        className={cn(inputClassName, 'font-mono tracking-[0.3em] uppercase')}
      />
    </div>
  );
}

/**
 * The main PIN's recovery (spec accounts §2 "PIN recovery view", §4): send a code to the
 * account's email, then the code and a new PIN. 'PIN Definido!' shows on success; after about
 * a second the main-user success path runs, and the form resets after 2 s. 'Cancelar' is
 * always there.
 */
export function PinRecovery({ onClose, onRecovered }: PinRecoveryProps) {
  const [step, setStep] = useState<Step>('send');
  const [code, setCode] = useState('');
  const [newPin, setNewPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendRecoveryCode();
  const confirm = useConfirmRecovery();
  // The latest callbacks, so a parent's re-render does not restart the success step's timers.
  const callbacks = useRef({ onClose, onRecovered });
  useEffect(() => {
    callbacks.current = { onClose, onRecovered };
  });

  // The timers of the success step; cleared if the view goes away first.
  useEffect(() => {
    if (step !== 'done') return;
    const enter = setTimeout(() => void callbacks.current.onRecovered(), RECOVERY_SUCCESS_DELAY_MS);
    const reset = setTimeout(() => {
      setStep('send');
      setCode('');
      setNewPin('');
      callbacks.current.onClose();
    }, RECOVERY_RESET_MS);
    return () => {
      clearTimeout(enter);
      clearTimeout(reset);
    };
  }, [step]);

  function sendCode() {
    setError(null);
    send.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message, { duration: 5000 });
        setStep('confirm');
      },
      onError: (refusal) => {
        const message = recoverySendMessage(refusal);
        setError(message);
        toast.error(message);
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = recoveryConfirmSchema.safeParse({ code, newPin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.recoveryFields);
      return;
    }
    setError(null);
    confirm.mutate(parsed.data, {
      onSuccess: () => setStep('done'),
      onError: (refusal) => {
        const message = recoveryConfirmMessage(refusal);
        setError(message);
        toast.error(message);
      },
    });
  }

  // Still shown once the PIN is set, but the main session has started by then: no way back.
  const cancel = (
    <Button
      type="button"
      variant="ghost"
      className="w-full"
      disabled={step === 'done'}
      onClick={onClose}
    >
      {ACCESS_MESSAGES.cancel}
    </Button>
  );
  const alert = error ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  return (
    <section aria-labelledby="recuperar-pin" className="flex flex-col gap-4">
      <h2 id="recuperar-pin" className="text-lg font-semibold text-slate-900">
        {ACCESS_MESSAGES.recoveryTitle}
      </h2>
      {step === 'done' ? (
        <div
          role="status"
          className="flex flex-col items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-8 text-center"
        >
          <CircleCheck className="size-10 text-emerald-600" aria-hidden />
          <p className="text-lg font-bold text-emerald-900">{ACCESS_MESSAGES.pinDefined}</p>
          <p className="text-sm text-emerald-800">{ACCESS_MESSAGES.pinDefinedHint}</p>
        </div>
      ) : step === 'send' ? (
        <>
          <p className="flex gap-2 text-sm text-slate-700">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            {ACCESS_MESSAGES.recoverySendIntro}
          </p>
          {alert}
          <Button
            type="button"
            size="lg"
            className="w-full"
            disabled={send.isPending}
            onClick={sendCode}
          >
            {send.isPending ? ACCESS_MESSAGES.sendingCode : ACCESS_MESSAGES.sendCode}
          </Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{ACCESS_MESSAGES.recoveryConfirmIntro}</p>
          <CodeField value={code} onChange={setCode} />
          <PinField
            label={ACCESS_MESSAGES.newPinLabel}
            hint={ACCESS_MESSAGES.newPinHint}
            value={newPin}
            onChange={(event) => setNewPin(event.target.value.replace(/\D/g, ''))}
          />
          {alert}
          <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
            {confirm.isPending ? ACCESS_MESSAGES.settingPin : ACCESS_MESSAGES.setPin}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={send.isPending}
            onClick={sendCode}
          >
            {send.isPending ? ACCESS_MESSAGES.sendingCode : ACCESS_MESSAGES.resendCode}
          </Button>
        </form>
      )}
      {cancel}
    </section>
  );
}
