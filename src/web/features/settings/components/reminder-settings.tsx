import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/lib/toast.ts';
import { useCan } from '#web/lib/use-can.ts';
import {
  CHANNEL_KINDS,
  REMINDER_CHANNELS,
  type ChannelKind,
  type ReminderChannel,
  type ReminderPreferences,
} from '#shared/reminders.ts';
import { useReminderPreferences } from '../api/get-reminder-preferences.ts';
import { useSaveReminderPreferences } from '../api/save-reminder-preferences.ts';
import { REMINDER_KIND_LABELS, REMINDER_MESSAGES as M } from '../notification-messages.ts';
import { ListError, ListLoading } from './list-states.tsx';

const FIELD: Record<ChannelKind, 'invoiceDueSoon' | 'invoiceOverdue' | 'supplierLimit'> = {
  invoice_due_soon: 'invoiceDueSoon',
  invoice_overdue: 'invoiceOverdue',
  supplier_limit: 'supplierLimit',
};

const CHANNEL_LABELS: Record<ReminderChannel, string> = { push: M.push, email: M.email };

function ReminderForm({ initial }: { initial: ReminderPreferences }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveReminderPreferences();
  const rights = useCan();
  const hasLimits = rights.can('suppliers.spendingLimits');

  function setChannel(kind: ChannelKind, channel: ReminderChannel, on: boolean) {
    const field = FIELD[kind];
    setDraft((d) => ({ ...d, [field]: { ...d[field], [channel]: on } }));
  }
  function setQuiet(change: Partial<ReminderPreferences['quietHours']>) {
    setDraft((d) => ({ ...d, quietHours: { ...d.quietHours, ...change } }));
  }
  function submit() {
    save.mutate(draft, {
      onSuccess: () => toast.success(M.saved),
      onError: (error) => toast.error(M.saveFailed, { description: error.message }),
    });
  }

  return (
    <form
      className="mt-4 flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              {M.kindColumn}
            </th>
            {REMINDER_CHANNELS.map((channel) => (
              <th key={channel} scope="col" className="w-20 px-1 py-2 text-center font-medium">
                {CHANNEL_LABELS[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {CHANNEL_KINDS.map((kind) => {
            const label = REMINDER_KIND_LABELS[kind];
            const needsPlan = kind === 'supplier_limit' && rights.isLoaded && !hasLimits;
            return (
              <tr key={kind}>
                <th scope="row" className="py-3 pr-2 align-top font-normal">
                  <span className="block font-medium text-slate-900">{label.title}</span>
                  <span className="block text-slate-600">
                    {needsPlan ? M.limitNeedsPlan : label.detail}
                  </span>
                </th>
                {REMINDER_CHANNELS.map((channel) => (
                  <td key={channel} className="px-1 py-3 text-center align-top">
                    <Checkbox
                      className="size-5"
                      aria-label={`${label.title}: ${CHANNEL_LABELS[channel]}`}
                      checked={draft[FIELD[kind]][channel]}
                      disabled={needsPlan}
                      onChange={(event) => setChannel(kind, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="-mt-3 text-xs text-slate-500">{M.pushHint}</p>

      <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
        <Checkbox
          className="size-5"
          checked={draft.weeklyDigest.email}
          onChange={(event) =>
            setDraft((d) => ({ ...d, weeklyDigest: { email: event.target.checked } }))
          }
        />
        {M.weeklyDigest}
      </label>

      <fieldset className="flex flex-col gap-3">
        <Switch
          label={M.quietHours}
          description={M.quietHoursDescription}
          checked={draft.quietHours.enabled}
          onCheckedChange={(enabled) => setQuiet({ enabled })}
        />
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <label htmlFor="quiet-start">{M.quietFrom}</label>
          <Input
            id="quiet-start"
            type="time"
            className="w-32"
            required
            disabled={!draft.quietHours.enabled}
            value={draft.quietHours.start}
            onChange={(event) => setQuiet({ start: event.target.value })}
          />
          <label htmlFor="quiet-end">{M.quietTo}</label>
          <Input
            id="quiet-end"
            type="time"
            className="w-32"
            required
            disabled={!draft.quietHours.enabled}
            value={draft.quietHours.end}
            onChange={(event) => setQuiet({ end: event.target.value })}
          />
        </div>
      </fieldset>

      {save.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {save.error.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? M.saving : M.save}
      </Button>
    </form>
  );
}

/** /configuracoes → 'Lembretes': which reminders, by notification and by email, and when not. */
export function ReminderSettings() {
  const preferences = useReminderPreferences();
  let body;
  if (preferences.isPending) body = <ListLoading />;
  else if (preferences.isError)
    body = <ListError message={M.remindersLoadFailed} onRetry={() => void preferences.refetch()} />;
  else body = <ReminderForm initial={preferences.data} />;
  return (
    <section
      aria-labelledby="lembretes"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="lembretes" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellRing className="size-5 text-slate-500" aria-hidden />
        {M.remindersTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{M.remindersDescription}</p>
      {body}
    </section>
  );
}
