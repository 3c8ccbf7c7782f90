import { STATUS_LABEL_MIN_PERCENT, statusSliceWidths } from '#shared/summary.ts';
import { cn } from '#web/lib/cn.ts';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { amountText, formatPercent } from '../summary-format.ts';

type Slices = Summary['byStatus'];

const SLICES = [
  { key: 'paid', label: SUMMARY_MESSAGES.paid, bar: 'bg-emerald-500', dot: 'bg-emerald-500' },
  { key: 'pending', label: SUMMARY_MESSAGES.pending, bar: 'bg-amber-400', dot: 'bg-amber-400' },
  { key: 'overdue', label: SUMMARY_MESSAGES.overdue, bar: 'bg-red-500', dot: 'bg-red-500' },
] as const satisfies ReadonlyArray<{ key: keyof Slices; label: string; bar: string; dot: string }>;

/**
 * Pagas / Pendentes / Vencidas (spec §2, §9): one bar split by amount, a slice at least 3 %
 * wide, its percentage written inside only above 8 %; below, each status's amount and share.
 */
export function StatusBar({ slices, isVisible }: { slices: Slices; isVisible: boolean }) {
  const widths = statusSliceWidths(SLICES.map(({ key }) => slices[key].percentage));
  const hasAny = widths.some((width) => width > 0);
  return (
    <section
      aria-labelledby="summary-status-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="summary-status-title" className="text-sm font-semibold text-slate-800">
        {SUMMARY_MESSAGES.statusTitle}
      </h2>
      <div
        className="mt-3 flex h-7 w-full overflow-hidden rounded-full bg-slate-100"
        aria-hidden
        data-testid="status-bar"
      >
        {hasAny
          ? SLICES.map(({ key, bar }, index) => {
              const width = widths[index] ?? 0;
              if (width === 0) return null;
              const percentage = slices[key].percentage;
              return (
                <div
                  key={key}
                  data-slice={key}
                  className={cn(
                    'flex items-center justify-center text-xs font-semibold text-white',
                    bar,
                  )}
                  style={{ width: `${width}%` }}
                >
                  {percentage > STATUS_LABEL_MIN_PERCENT ? formatPercent(percentage) : null}
                </div>
              );
            })
          : null}
      </div>
      <ul className="mt-3 grid grid-cols-3 gap-2">
        {SLICES.map(({ key, label, dot }) => (
          <li key={key} className="min-w-0" data-status={key}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-slate-600 sm:text-sm">
              <span className={cn('size-2.5 shrink-0 rounded-full', dot)} aria-hidden />
              <span className="truncate">{label}</span>
            </span>
            <span className="block truncate text-sm font-semibold text-slate-900 tabular-nums sm:text-base">
              {amountText(slices[key].amountCents, isVisible)}
            </span>
            <span className="block text-xs text-slate-500 tabular-nums">
              {formatPercent(slices[key].percentage)} ·{' '}
              {SUMMARY_MESSAGES.invoices(slices[key].count)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
