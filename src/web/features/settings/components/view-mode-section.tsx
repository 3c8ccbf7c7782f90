import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { INVOICE_VIEW_MODES, type InvoiceViewMode } from '#shared/domain.ts';
import { toast } from '#web/lib/toast.ts';
import { PREFERENCES_MESSAGES as M } from '../messages.ts';
import { ListError, ListLoading } from './list-states.tsx';
import { SettingsSection } from './settings-section.tsx';

const ICONS = { grid: LayoutGrid, list: List } as const;

export type ViewModeSetting = {
  /** The profile's invoice_view_mode, once loaded. */
  value: InvoiceViewMode | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** Saves the choice on the server (PATCH /api/profile); rejects when it was not saved. */
  save: (mode: InvoiceViewMode) => Promise<unknown>;
};

/**
 * The dashboard's grid or list (spec invoice-work §2: the profile's invoice_view_mode), kept on
 * the server for the whole account: the choice shows at once and is rolled back if the save
 * fails. Native radio buttons: arrow keys move between them.
 */
export function ViewModeSection({ value, status, onRetry, save }: ViewModeSetting) {
  const [optimistic, setOptimistic] = useState<InvoiceViewMode | null>(null);
  const shown = optimistic ?? value;

  function choose(mode: InvoiceViewMode) {
    setOptimistic(mode);
    save(mode)
      .then(() => toast.success(M.viewModeSaved))
      .catch((error: unknown) =>
        toast.error(M.viewModeSaveFailed, {
          description: error instanceof Error ? error.message : undefined,
        }),
      )
      .finally(() => setOptimistic(null));
  }

  let body;
  if (status === 'pending') body = <ListLoading />;
  else if (status === 'error' || shown === undefined)
    body = <ListError message={M.viewModeLoadFailed} onRetry={onRetry} />;
  else
    body = (
      <fieldset disabled={optimistic !== null}>
        <legend className="sr-only">{M.viewModeTitle}</legend>
        <div className="grid gap-2 sm:max-w-xl sm:grid-cols-2">
          {INVOICE_VIEW_MODES.map((mode) => {
            const Icon = ICONS[mode];
            return (
              <label
                key={mode}
                className="has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500/50 flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:focus-visible]:ring-3"
              >
                <input
                  type="radio"
                  name="settingsInvoiceViewMode"
                  value={mode}
                  checked={shown === mode}
                  onChange={() => choose(mode)}
                  className="accent-brand-700 mt-0.5 size-4"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <Icon className="size-4 text-slate-600" aria-hidden />
                    {M.viewModeLabels[mode]}
                  </span>
                  <span className="text-slate-600">{M.viewModeHints[mode]}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );

  return (
    <SettingsSection id="visualizacao" title={M.viewModeTitle} description={M.viewModeDescription}>
      {body}
    </SettingsSection>
  );
}
