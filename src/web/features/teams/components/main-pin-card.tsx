import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { useSetMainPin } from '../api/set-main-pin.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { fieldOfServerError, mainPinFormSchema, type MainPinFormValues } from '../team-forms.ts';
import { FormAlert } from './form-alert.tsx';
import { PinField } from './pin-field.tsx';
import { SectionCard } from './section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';

type MainPinFormProps = {
  isPinSet: boolean;
  /** Changes when the page asks for the form (switching on without a PIN): its first field. */
  focusRequest: number;
};

function MainPinForm({ isPinSet, focusRequest }: MainPinFormProps) {
  const form = useForm<MainPinFormValues>({
    resolver: zodResolver(mainPinFormSchema(isPinSet)),
    defaultValues: isPinSet ? { currentPin: '', pin: '' } : { pin: '' },
  });
  const setPin = useSetMainPin();
  const { errors } = form.formState;
  const { setFocus } = form;
  // Only a request made after the form appeared: a remount (the PIN just set) takes no focus.
  const handledRequest = useRef(focusRequest);
  useEffect(() => {
    if (focusRequest === handledRequest.current) return;
    handledRequest.current = focusRequest;
    setFocus(isPinSet ? 'currentPin' : 'pin');
  }, [focusRequest, isPinSet, setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    setPin.mutate(
      { pin: values.pin, currentPin: isPinSet ? values.currentPin : undefined },
      {
        onSuccess: () => {
          toast.success(TEAMS_MESSAGES.mainPinSaved);
          form.reset();
        },
        onError: (error) => {
          toast.error(TEAMS_MESSAGES.mainPinFailed, { description: error.message });
          const field = error instanceof ApiError ? fieldOfServerError(error.code) : null;
          if (field === 'currentPin') {
            form.setError('currentPin', { message: error.message }, { shouldFocus: true });
          } else {
            form.setError('root.server', { message: error.message });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {isPinSet ? (
          <PinField
            label={TEAMS_MESSAGES.currentPinLabel}
            error={errors.currentPin?.message}
            {...form.register('currentPin')}
          />
        ) : null}
        <PinField
          label={isPinSet ? TEAMS_MESSAGES.newPinLabel : TEAMS_MESSAGES.pinLabel}
          hint={TEAMS_MESSAGES.pinHint}
          error={errors.pin?.message}
          {...form.register('pin')}
        />
      </div>
      {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={setPin.isPending}>
        <KeyRound aria-hidden />
        {setPin.isPending
          ? TEAMS_MESSAGES.saving
          : isPinSet
            ? TEAMS_MESSAGES.changeMainPin
            : TEAMS_MESSAGES.setMainPin}
      </Button>
    </form>
  );
}

type MainPinCardProps = MainPinFormProps & {
  /** Only the account holder sets it (team.mainPin); an administrator reads its state. */
  canSet: boolean;
};

/** The main user's PIN: set it, or change it with the current one. */
export function MainPinCard({ isPinSet, canSet, focusRequest }: MainPinCardProps) {
  return (
    <SectionCard
      id="main-pin"
      title={TEAMS_MESSAGES.mainPinTitle}
      description={TEAMS_MESSAGES.mainPinDescription}
    >
      <p className="mb-4 flex items-center gap-2 text-sm font-medium text-slate-800">
        {isPinSet ? (
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
        ) : (
          <KeyRound className="size-4 text-amber-600" aria-hidden />
        )}
        {isPinSet ? TEAMS_MESSAGES.mainPinIsSet : TEAMS_MESSAGES.mainPinNotSet}
      </p>
      {canSet ? (
        // Keyed: once a PIN is set the form asks for the current one.
        <MainPinForm key={String(isPinSet)} isPinSet={isPinSet} focusRequest={focusRequest} />
      ) : (
        <p className="text-sm text-slate-600">{TEAMS_MESSAGES.mainPinOwnerOnly}</p>
      )}
    </SectionCard>
  );
}
