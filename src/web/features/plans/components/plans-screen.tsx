import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { formatCents } from '#shared/money.ts';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useDevPlanSwitch, useSwitchDevPlan } from '../api/dev-plan.ts';
import { PLANS_MESSAGES } from '../messages.ts';

/**
 * /subscription until billing lands (ADR 010): the four plans with the account's current one
 * marked, and — only where the server offers the dev switch — a button to try each plan.
 */
export function PlansScreen({ currentPlanId }: { currentPlanId: string | undefined }) {
  const devSwitch = useDevPlanSwitch().data;
  const switchPlan = useSwitchDevPlan();

  const activate = (planId: PlanId) =>
    switchPlan.mutate(planId, {
      onSuccess: () => toast.success(PLANS_MESSAGES.activated(PLANS[planId].name)),
      onError: (error) =>
        toast.error(PLANS_MESSAGES.activateFailed, { description: error.message }),
    });

  return (
    <div className="space-y-5">
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
        {PLANS_MESSAGES.billingSoon}
      </p>
      {devSwitch ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <strong className="font-semibold">{PLANS_MESSAGES.devTitle}.</strong>{' '}
          {PLANS_MESSAGES.devHint}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_IDS.map((planId) => {
          const plan = PLANS[planId];
          const isCurrent = planId === currentPlanId;
          return (
            <li
              key={planId}
              className={cn(
                'flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
                isCurrent ? 'border-brand-600 ring-brand-600 ring-1' : 'border-slate-200',
              )}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
                {isCurrent ? (
                  <span className="bg-brand-50 text-brand-700 rounded-full px-2 py-0.5 text-xs font-medium">
                    {PLANS_MESSAGES.current}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-2xl font-bold text-slate-900">
                {formatCents(plan.priceCents)}
                <span className="text-sm font-normal text-slate-500">
                  {PLANS_MESSAGES.perMonth}
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
              <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
              {devSwitch && !isCurrent ? (
                <Button
                  className="mt-5"
                  variant="outline"
                  disabled={switchPlan.isPending}
                  onClick={() => activate(planId)}
                >
                  {switchPlan.isPending && switchPlan.variables === planId
                    ? PLANS_MESSAGES.activating
                    : PLANS_MESSAGES.activate}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
