import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { INVOICE_VIEW_MODES, type InvoiceViewMode } from '#shared/domain.ts';
import type { UpdateProfileInput } from '#shared/schemas/profile.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import type { Profile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PROFILE_MESSAGES, VIEW_MODE_LABELS } from '../messages.ts';
import { SectionCard } from './section-card.tsx';

const VIEW_MODE_ICONS = { grid: LayoutGrid, list: List } as const;

/**
 * Preferences save as soon as they change. The choice shows at once (set in the event
 * handler, so the controlled input never snaps back while the save is in flight) and is
 * rolled back to the stored profile if the save fails.
 */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [optimistic, setOptimistic] = useState<UpdateProfileInput | null>(null);
  const viewMode = optimistic?.invoiceViewMode ?? profile.invoiceViewMode;
  const push = optimistic?.pushNotifications ?? profile.pushNotifications;

  function save(input: UpdateProfileInput) {
    setOptimistic(input);
    update.mutate(input, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.preferenceSaved),
      onError: (error) => toast.error(PROFILE_MESSAGES.saveFailed, { description: error.message }),
      onSettled: () => setOptimistic(null),
    });
  }

  return (
    <SectionCard title="Preferências">
      <div className="flex flex-col gap-6">
        <fieldset disabled={update.isPending}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            Visualização das faturas
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
            {INVOICE_VIEW_MODES.map((mode: InvoiceViewMode) => {
              const Icon = VIEW_MODE_ICONS[mode];
              return (
                <label
                  key={mode}
                  className="has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500/50 flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 has-[:focus-visible]:ring-3"
                >
                  <input
                    type="radio"
                    name="invoiceViewMode"
                    value={mode}
                    checked={viewMode === mode}
                    onChange={() => save({ invoiceViewMode: mode })}
                    className="accent-brand-700 size-4"
                  />
                  <Icon className="size-4 text-slate-600" aria-hidden />
                  {VIEW_MODE_LABELS[mode]}
                </label>
              );
            })}
          </div>
        </fieldset>
        <Switch
          label="Notificações push"
          description="Receber avisos de faturas a vencer neste dispositivo."
          checked={push}
          disabled={update.isPending}
          onCheckedChange={(checked) => save({ pushNotifications: checked })}
        />
      </div>
    </SectionCard>
  );
}
