import { Link } from '@tanstack/react-router';
import { CircleAlert, PiggyBank, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { formatCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useSavings, type SavingsGoal, type SavingsOverview } from '../api/get-savings.ts';
import { useDeleteGoal } from '../api/save-goal.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';
import { GoalCard } from './goal-card.tsx';
import { GoalFormDialog, type GoalFormTarget } from './goal-form-dialog.tsx';

// recharts comes with the chart's own chunk.
const SavingsChart = lazy(() =>
  import('./savings-chart.tsx').then((m) => ({ default: m.SavingsChart })),
);

function Figure({
  label,
  value,
  note,
  className = '',
}: {
  label: string;
  value: string;
  note?: string;
  className?: string;
}) {
  return (
    <div
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 ${className}`}
    >
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
      <p className="truncate text-lg font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

function NoSuppliers() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-5">
      <div className="flex gap-3">
        <PiggyBank className="text-brand-700 mt-0.5 size-6 shrink-0" aria-hidden />
        <div>
          <h2 className="font-semibold text-slate-900">{SAVINGS_MESSAGES.noSuppliersTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{SAVINGS_MESSAGES.noSuppliersText}</p>
        </div>
      </div>
      <Link to="/fornecedores" className={buttonVariants({ variant: 'outline' })}>
        {SAVINGS_MESSAGES.goToSuppliers}
      </Link>
    </section>
  );
}

function DeleteGoalDialog({ goal, onClose }: { goal: SavingsGoal | null; onClose(): void }) {
  const remove = useDeleteGoal();
  return (
    <Dialog open={goal !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {goal ? (
        <DialogContent
          title={SAVINGS_MESSAGES.deleteTitle}
          description={SAVINGS_MESSAGES.deleteQuestion(goal.name)}
          className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {SAVINGS_MESSAGES.cancel}
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(goal.id, {
                  onSuccess: () => {
                    toast.success(SAVINGS_MESSAGES.goalDeleted);
                    onClose();
                  },
                  onError: (error) =>
                    toast.error(SAVINGS_MESSAGES.goalDeleteFailed, { description: error.message }),
                })
              }
            >
              {remove.isPending ? SAVINGS_MESSAGES.deleting : SAVINGS_MESSAGES.delete}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Overview({ data }: { data: SavingsOverview }) {
  const [form, setForm] = useState<GoalFormTarget>({ kind: 'closed' });
  const [toDelete, setToDelete] = useState<SavingsGoal | null>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="savings-overview">
      {data.suppliers.length === 0 ? (
        <NoSuppliers />
      ) : (
        <p className="text-sm text-slate-600">
          {SAVINGS_MESSAGES.suppliersLine(data.suppliers.map((s) => s.name).join(', '))}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <Figure label={SAVINGS_MESSAGES.totalSaved} value={formatCents(data.totalSavedCents)} />
        <Figure label={SAVINGS_MESSAGES.thisMonth} value={formatCents(data.thisMonthCents)} />
        <Figure
          label={SAVINGS_MESSAGES.pace}
          className="col-span-2 sm:col-span-1"
          value={`${formatCents(data.monthlyPaceCents)}`}
          note={`${SAVINGS_MESSAGES.perMonth}, ${SAVINGS_MESSAGES.paceHint}`}
        />
      </div>
      <section aria-labelledby="savings-goals-title" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="savings-goals-title" className="text-lg font-semibold text-slate-900">
            {SAVINGS_MESSAGES.goalsTitle}
          </h2>
          <Button size="sm" onClick={() => setForm({ kind: 'new' })}>
            <Plus aria-hidden />
            {SAVINGS_MESSAGES.newGoal}
          </Button>
        </div>
        {data.goals.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            {SAVINGS_MESSAGES.noGoals}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {data.goals.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                onEdit={() => setForm({ kind: 'edit', goal })}
                onDelete={() => setToDelete(goal)}
              />
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="savings-chart-title"
        className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      >
        <h2 id="savings-chart-title" className="mb-2 font-semibold text-slate-900">
          {SAVINGS_MESSAGES.chartTitle}
        </h2>
        <Suspense
          fallback={
            <div
              role="status"
              className="flex h-64 items-center justify-center text-sm text-slate-500"
            >
              {SAVINGS_MESSAGES.chartLoading}
            </div>
          }
        >
          <SavingsChart months={data.months} />
        </Suspense>
      </section>
      <GoalFormDialog
        target={form}
        suppliers={data.suppliers}
        onClose={() => setForm({ kind: 'closed' })}
      />
      <DeleteGoalDialog goal={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/** /poupancas (issue 16 point 5): savings so far, the goals with their projection, the months. */
export function SavingsScreen() {
  const query = useSavings();
  const isSpinnerShown = useHasElapsed();
  if (query.data) return <Overview data={query.data} />;
  if (query.error) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CircleAlert className="size-5" aria-hidden />
          {SAVINGS_MESSAGES.loadFailed}
        </p>
        <p className="text-sm">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {SAVINGS_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{SAVINGS_MESSAGES.loading}</span>
      {isSpinnerShown ? (
        <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" aria-hidden />
      ) : null}
    </div>
  );
}
