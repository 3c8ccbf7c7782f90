import { toast } from '#web/lib/toast.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { useDevPlanSwitch, useSwitchDevPlan } from '../api/dev-plan.ts';
import { PLANS_MESSAGES } from '../messages.ts';
import type { PlanAction } from '../subscription-view.ts';
import { PlanGrid, type PendingPlanAction } from './plan-grid.tsx';

type PlansSectionProps = {
  actionFor: (planId: PlanId) => PlanAction;
  chosenPlanId: PlanId | null;
  pending: PendingPlanAction;
  onCheckout: (planId: PlanId) => void;
  onChange: (planId: PlanId) => void;
};

/**
 * The four plans; in development (ADR 010: GET /api/dev/plan exists, it answers 404
 * elsewhere) each also offers 'Ativar este plano', which switches the plan without payment.
 */
export function PlansSection({ pending, ...props }: PlansSectionProps) {
  const devSwitch = useDevPlanSwitch().data;
  const switchPlan = useSwitchDevPlan();

  const activate = (planId: PlanId) =>
    switchPlan.mutate(planId, {
      onSuccess: () => toast.success(PLANS_MESSAGES.activated(PLANS[planId].name)),
      onError: (error) =>
        toast.error(PLANS_MESSAGES.activateFailed, { description: error.message }),
    });
  const activating: PendingPlanAction =
    switchPlan.isPending && switchPlan.variables
      ? { kind: 'activate', planId: switchPlan.variables }
      : null;

  return (
    <section aria-labelledby="planos-titulo" className="space-y-4">
      <h2 id="planos-titulo" className="text-lg font-semibold text-slate-900">
        {PLANS_MESSAGES.allPlans}
      </h2>
      {devSwitch ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <strong className="font-semibold">{PLANS_MESSAGES.devTitle}.</strong>{' '}
          {PLANS_MESSAGES.devHint}
        </p>
      ) : null}
      <PlanGrid
        {...props}
        pending={pending ?? activating}
        onActivate={devSwitch ? activate : null}
      />
    </section>
  );
}
