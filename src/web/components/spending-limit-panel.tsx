import { TriangleAlert } from 'lucide-react';
import { formatCents, maskedAmount } from '#shared/money.ts';
import { LIMIT_PERCENTAGE_CAP, type LimitState } from '#shared/spending-limit.ts';
import { cn } from '#web/lib/cn.ts';

// Shown by two features (the invoice card, the suppliers screen) and a page (/faturas/:nif):
// it lives outside both features because a web feature never imports another (STYLE.md).

/** What the panel needs of a supplier's spending (SupplierSpendingDto, contracts.md). */
export type SpendingLimitSummary = {
  spentCents: number;
  limitCents: number;
  /** 0–100, already capped by the server; capped here again. */
  percentage: number;
  state: LimitState;
};

const TONES = {
  green: {
    box: 'border-emerald-200 bg-emerald-50',
    text: 'text-emerald-800',
    bar: 'bg-emerald-500',
  },
  amber: { box: 'border-amber-200 bg-amber-50', text: 'text-amber-800', bar: 'bg-amber-500' },
  red: { box: 'border-red-200 bg-red-50', text: 'text-red-800', bar: 'bg-red-600' },
} as const satisfies Record<LimitState['color'], { box: string; text: string; bar: string }>;

const LABEL = 'Limite de despesa';

type SpendingLimitPanelProps = {
  /** null or undefined (no active, non-zero limit, or no paid plan): nothing is shown. */
  spending: SpendingLimitSummary | null | undefined;
  isAmountVisible?: boolean;
  className?: string;
};

/**
 * Spec invoice-work §4 "Spending-limit state": the state's label and colour (green up to 70 %,
 * amber up to 85 %, red above, with 'Limite de despesa excedido'), the percentage capped at
 * 100 and what was spent of the limit in the current period.
 */
export function SpendingLimitPanel({
  spending,
  isAmountVisible = true,
  className,
}: SpendingLimitPanelProps) {
  if (!spending) return null;
  const { state } = spending;
  const tone = TONES[state.color];
  const percentage = Math.round(Math.min(LIMIT_PERCENTAGE_CAP, Math.max(0, spending.percentage)));
  const amount = (cents: number) => (isAmountVisible ? formatCents(cents) : maskedAmount);
  return (
    <div
      className={cn('rounded-xl border px-3 py-2 text-xs', tone.box, className)}
      data-limit-state={state.key}
    >
      <div className="flex items-center justify-between gap-2">
        <span className={cn('font-semibold', tone.text)}>{state.label}</span>
        <span className={cn('font-semibold tabular-nums', tone.text)}>{percentage}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={LABEL}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        aria-valuetext={`${percentage}% — ${state.label}`}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white"
      >
        <div className={cn('h-full rounded-full', tone.bar)} style={{ width: `${percentage}%` }} />
      </div>
      <p className="mt-1.5 text-slate-700 tabular-nums">
        <span className="sr-only">{LABEL}: </span>
        {amount(spending.spentCents)} <span className="text-slate-500">de</span>{' '}
        {amount(spending.limitCents)}
      </p>
      {state.warning ? (
        <p className="mt-1 flex items-center gap-1 font-semibold text-red-700">
          <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
          {state.warning}
        </p>
      ) : null}
    </div>
  );
}
