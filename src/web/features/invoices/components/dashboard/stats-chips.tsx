import { AlarmClock, CircleCheck, Clock, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { PaymentStatus } from '#shared/domain.ts';
import { cn } from '#web/lib/cn.ts';
import type { InvoiceStats } from '../../api/get-invoice-stats.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { Amount } from './amount.tsx';

const CHIP_STYLE: Record<PaymentStatus, { icon: LucideIcon; on: string; iconTone: string }> = {
  Pendente: { icon: Clock, on: 'border-amber-400 bg-amber-50', iconTone: 'text-amber-600' },
  Paga: { icon: CircleCheck, on: 'border-emerald-500 bg-emerald-50', iconTone: 'text-emerald-600' },
  Vencida: { icon: TriangleAlert, on: 'border-red-400 bg-red-50', iconTone: 'text-red-600' },
};

// Card order of the spec: Pendente, Paga, Vencida.
const ORDER: readonly PaymentStatus[] = ['Pendente', 'Paga', 'Vencida'];

/**
 * The summary cards double as status filters (spec §2): each toggles its status; selected ones
 * combine, none selected shows every status. Below them, 'Urgentes' (spec §4 "Urgent") narrows
 * the list to the Pendente invoices due within 3 days, so those can be seen first.
 */
export function StatsChips({
  stats,
  selected,
  onToggle,
  isUrgentOn,
  onToggleUrgent,
  isAmountVisible,
}: {
  stats: InvoiceStats | undefined;
  selected: readonly PaymentStatus[];
  onToggle(status: PaymentStatus): void;
  isUrgentOn: boolean;
  onToggleUrgent(): void;
  isAmountVisible: boolean;
}) {
  return (
    <div role="group" aria-label={DASHBOARD_MESSAGES.statusFilters} className="flex flex-col gap-2">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {ORDER.map((status) => {
          const { icon: Icon, on, iconTone } = CHIP_STYLE[status];
          const isOn = selected.includes(status);
          const totals = stats?.byStatus[status];
          return (
            <button
              key={status}
              type="button"
              aria-pressed={isOn}
              onClick={() => onToggle(status)}
              className={cn(
                'focus-visible:ring-brand-500/60 flex min-w-0 flex-col items-start gap-1 rounded-2xl border-2 bg-white p-3 text-left shadow-sm transition-colors hover:border-slate-300 focus-visible:ring-3 focus-visible:outline-none sm:p-4',
                isOn ? on : 'border-transparent',
              )}
            >
              <span className="flex w-full items-center justify-between gap-1">
                <span className="truncate text-sm font-medium text-slate-700">{status}</span>
                <Icon className={cn('size-4 shrink-0', iconTone)} aria-hidden />
              </span>
              {totals ? (
                <>
                  <span className="text-xl font-bold text-slate-900 sm:text-2xl">
                    {totals.count}
                  </span>
                  <Amount
                    cents={totals.totalCents}
                    isVisible={isAmountVisible}
                    className="max-w-full truncate text-xs text-slate-600 sm:text-sm"
                  />
                </>
              ) : (
                <span
                  className="mt-1 h-11 w-full animate-pulse rounded-md bg-slate-100"
                  aria-hidden
                />
              )}
            </button>
          );
        })}
      </div>
      <UrgentChip count={stats?.urgent.count} isOn={isUrgentOn} onToggle={onToggleUrgent} />
    </div>
  );
}

function UrgentChip({
  count,
  isOn,
  onToggle,
}: {
  count: number | undefined;
  isOn: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onToggle}
      title={DASHBOARD_MESSAGES.urgentFilterHint}
      className={cn(
        'focus-visible:ring-brand-500/60 inline-flex min-h-9 items-center gap-1.5 self-start rounded-full border-2 bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm transition-colors hover:border-slate-300 focus-visible:ring-3 focus-visible:outline-none',
        isOn ? 'border-orange-400 bg-orange-50 text-orange-900' : 'border-transparent',
      )}
    >
      <AlarmClock className="size-4 text-orange-600" aria-hidden />
      {DASHBOARD_MESSAGES.urgentFilter}
      {count !== undefined ? (
        <span className="rounded-full bg-orange-100 px-1.5 text-xs font-semibold text-orange-800 tabular-nums">
          {count}
        </span>
      ) : null}
    </button>
  );
}
