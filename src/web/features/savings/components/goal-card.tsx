import {
  CalendarClock,
  CheckCircle2,
  Pencil,
  Trash2,
  TrendingUp,
  TriangleAlert,
} from 'lucide-react';
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { SavingsGoal } from '../api/get-savings.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';
import { projectionText, type ProjectionTone } from '../projection-text.ts';

const TONES: Record<ProjectionTone, { className: string; Icon: typeof TrendingUp }> = {
  done: { className: 'bg-emerald-50 text-emerald-900', Icon: CheckCircle2 },
  good: { className: 'bg-brand-50 text-brand-900', Icon: TrendingUp },
  warn: { className: 'bg-amber-50 text-amber-900', Icon: TriangleAlert },
  neutral: { className: 'bg-slate-100 text-slate-700', Icon: CalendarClock },
};

/** A goal: how far along, by when, and when it is met at the current pace. */
export function GoalCard({
  goal,
  onEdit,
  onDelete,
}: {
  goal: SavingsGoal;
  onEdit(): void;
  onDelete(): void;
}) {
  const projection = projectionText(goal.projection, {
    paceCents: goal.monthlyPaceCents,
    targetDate: goal.targetDate,
  });
  const { className, Icon } = TONES[projection.tone];
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="savings-goal"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">{goal.name}</h3>
          <p className="text-xs text-slate-500">
            {SAVINGS_MESSAGES.until(formatDateShort(goal.targetDate))} ·{' '}
            {goal.supplierName ?? SAVINGS_MESSAGES.allSuppliers}
          </p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button
            variant="ghost"
            size="icon"
            aria-label={SAVINGS_MESSAGES.editGoalNamed(goal.name)}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={SAVINGS_MESSAGES.deleteGoalNamed(goal.name)}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <p className="font-semibold text-slate-900 tabular-nums">
            {SAVINGS_MESSAGES.savedOf(formatCents(goal.savedCents), formatCents(goal.targetCents))}
          </p>
          <p className="font-semibold text-slate-700 tabular-nums">{goal.percent} %</p>
        </div>
        <div
          role="progressbar"
          aria-label={goal.name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.percent}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={cn(
              'h-full rounded-full',
              goal.percent >= 100 ? 'bg-emerald-500' : 'bg-brand-600',
            )}
            style={{ width: `${goal.percent}%` }}
          />
        </div>
        {goal.pendingCents > 0 ? (
          <p className="mt-1.5 text-xs text-slate-500">
            {SAVINGS_MESSAGES.pendingNote(formatCents(goal.pendingCents))}
          </p>
        ) : null}
      </div>
      <p
        className={cn('flex gap-2 rounded-xl p-3 text-sm', className)}
        data-testid="goal-projection"
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{projection.text}</span>
      </p>
    </li>
  );
}
