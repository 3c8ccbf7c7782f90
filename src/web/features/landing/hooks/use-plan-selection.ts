import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PlanId } from '#shared/plans.ts';
import { storeSelectedPlan } from '#web/lib/selected-plan.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';

/**
 * Spec invoice-work §2 "Plan selection": a visitor keeps the choice on the device and goes
 * to sign-up; a signed-in user on the free plan goes to a new invoice, and a paid choice
 * opens the subscription screen, which starts the checkout.
 */
export function usePlanSelection() {
  const navigate = useNavigate();
  const [pendingPlanId, setPendingPlanId] = useState<PlanId | null>(null);

  async function selectPlan(planId: PlanId) {
    setPendingPlanId(planId);
    try {
      // Same session check as the route guard; the query client loads on demand (budget).
      const { queryClient } = await import('#web/lib/query-client.ts');
      const session = await queryClient.fetchQuery(sessionQueryOptions);
      if (!session) {
        storeSelectedPlan(planId);
        await navigate({ to: '/auth', search: { signup: true, plan: planId } });
      } else if (planId === 'free') {
        await navigate({ to: '/nova-fatura' });
      } else {
        await navigate({ to: '/subscription', search: { autostart: planId } });
      }
    } finally {
      setPendingPlanId(null);
    }
  }

  return { selectPlan, pendingPlanId };
}
