import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useUpdateTeamSettings } from '../api/update-team-settings.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { FormAlert } from './form-alert.tsx';

type TeamSwitchCardProps = {
  isEnabled: boolean;
  isMainPinSet: boolean;
  /** Switching on without a main PIN: the page takes the person to the PIN form. */
  onMainPinMissing(): void;
};

/** 'Gestão de equipa' on or off (PATCH /api/team); on needs the main PIN first. */
export function TeamSwitchCard({ isEnabled, isMainPinSet, onMainPinMissing }: TeamSwitchCardProps) {
  const update = useUpdateTeamSettings();
  const [refusal, setRefusal] = useState<{ message: string; isPinMissing: boolean } | null>(null);
  // The PIN set since: that refusal no longer holds.
  const shown = refusal?.isPinMissing && isMainPinSet ? null : refusal;
  const change = (enabled: boolean) => {
    setRefusal(null);
    update.mutate(enabled, {
      onSuccess: () => toast.success(enabled ? TEAMS_MESSAGES.enabled : TEAMS_MESSAGES.disabled),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'MAIN_PIN_NOT_SET') {
          setRefusal({ message: TEAMS_MESSAGES.mainPinFirst, isPinMissing: true });
          toast.error(TEAMS_MESSAGES.mainPinFirst);
          onMainPinMissing();
          return;
        }
        setRefusal({ message: error.message, isPinMissing: false });
        toast.error(TEAMS_MESSAGES.switchFailed, { description: error.message });
      },
    });
  };
  return (
    <section
      aria-label={TEAMS_MESSAGES.switchTitle}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="team-switch"
    >
      <Switch
        label={TEAMS_MESSAGES.switchLabel}
        description={isEnabled ? TEAMS_MESSAGES.switchOn : TEAMS_MESSAGES.switchOff}
        checked={isEnabled}
        disabled={update.isPending}
        onCheckedChange={change}
      />
      {shown ? (
        <div className="mt-3">
          <FormAlert>{shown.message}</FormAlert>
        </div>
      ) : null}
    </section>
  );
}
