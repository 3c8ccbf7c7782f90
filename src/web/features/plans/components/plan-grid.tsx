import { Check, LoaderCircle } from 'lucide-react';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { PLANS_MESSAGES } from '../messages.ts';
import { planPriceLabel, type PlanAction } from '../subscription-view.ts';

export type PendingPlanAction = {
  kind: 'checkout' | 'change' | 'activate';
  planId: PlanId;
} | null;

type PlanGridProps = {
  actionFor: (planId: PlanId) => PlanAction;
  /** The plan a visitor chose before signing up (?autostart=), marked on its card. */
  chosenPlanId: PlanId | null;
  pending: PendingPlanAction;
  onCheckout: (planId: PlanId) => void;
  onChange: (planId: PlanId) => void;
  /** The dev switch (ADR 010), only where the server has it. */
  onActivate: ((planId: PlanId) => void) | null;
};

function ActionButton({
  label,
  busyLabel,
  isBusy,
  isDisabled,
  variant,
  onClick,
}: {
  label: string;
  busyLabel: string;
  isBusy: boolean;
  isDisabled: boolean;
  variant: 'primary' | 'outline';
  onClick: () => void;
}) {
  return (
    <Button variant={variant} className="w-full" disabled={isDisabled} onClick={onClick}>
      {isBusy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
      {isBusy ? busyLabel : label}
    </Button>
  );
}

/** The four plans (spec accounts §9) with what each offers this account. */
export function PlanGrid({
  actionFor,
  chosenPlanId,
  pending,
  onCheckout,
  onChange,
  onActivate,
}: PlanGridProps) {
  const isBusy = pending !== null;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Planos disponíveis">
      {PLAN_IDS.map((planId) => {
        const plan = PLANS[planId];
        const action = actionFor(planId);
        const isCurrent = action === 'current';
        const isChosen = planId === chosenPlanId && !isCurrent;
        const headingId = `plano-${planId}`;
        return (
          <li
            key={planId}
            aria-labelledby={headingId}
            aria-current={isCurrent ? 'true' : undefined}
            className={cn(
              'flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
              isCurrent && 'border-brand-600 ring-brand-600 ring-1',
              isChosen && 'border-amber-500 ring-1 ring-amber-500',
              !isCurrent && !isChosen && 'border-slate-200',
            )}
          >
            <div className="flex items-baseline justify-between gap-2">
              <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                {plan.name}
              </h3>
              {isCurrent ? (
                <span className="bg-brand-50 text-brand-700 rounded-full px-2 py-0.5 text-xs font-medium">
                  {PLANS_MESSAGES.current}
                </span>
              ) : null}
              {isChosen ? (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
                  {PLANS_MESSAGES.chosen}
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {planPriceLabel(plan.priceCents)}
              <span className="text-sm font-normal text-slate-500">{PLANS_MESSAGES.perMonth}</span>
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
            <div className="mt-5 space-y-2 empty:hidden">
              {action === 'checkout' ? (
                <ActionButton
                  label={PLANS_MESSAGES.subscribe}
                  busyLabel={PLANS_MESSAGES.subscribing}
                  isBusy={pending?.kind === 'checkout' && pending.planId === planId}
                  isDisabled={isBusy}
                  variant="primary"
                  onClick={() => onCheckout(planId)}
                />
              ) : null}
              {action === 'change' ? (
                <ActionButton
                  label={PLANS_MESSAGES.changeTo}
                  busyLabel={PLANS_MESSAGES.changing}
                  isBusy={pending?.kind === 'change' && pending.planId === planId}
                  isDisabled={isBusy}
                  variant="outline"
                  onClick={() => onChange(planId)}
                />
              ) : null}
              {onActivate && !isCurrent ? (
                <ActionButton
                  label={PLANS_MESSAGES.activate}
                  busyLabel={PLANS_MESSAGES.activating}
                  isBusy={pending?.kind === 'activate' && pending.planId === planId}
                  isDisabled={isBusy}
                  variant="outline"
                  onClick={() => onActivate(planId)}
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
