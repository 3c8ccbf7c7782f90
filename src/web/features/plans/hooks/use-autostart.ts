import { useEffect, useRef } from 'react';
import type { PlanId } from '#shared/plans.ts';
import type { SubscriptionSummary } from '../api/billing-types.ts';

type AutostartOptions = {
  /** `?autostart=` of the address. */
  planId: PlanId | undefined;
  /** The subscription, once the server has confirmed it (not a device copy being checked). */
  summary: SubscriptionSummary | undefined;
  onStart: (planId: PlanId, summary: SubscriptionSummary) => void;
  /** Drops the parameter from the address, so a reload does not start again. */
  onHandled: () => void;
};

/**
 * Spec accounts §2: `/subscription?autostart={plan}` starts that plan's checkout at once —
 * once per visit, and only after the subscription is known, so an account that already has
 * the plan, or an installation without payments, is never sent to a checkout.
 */
export function useAutostart({ planId, summary, onStart, onHandled }: AutostartOptions) {
  const hasStarted = useRef(false);
  useEffect(() => {
    if (!planId || !summary || hasStarted.current) return;
    hasStarted.current = true;
    onHandled();
    onStart(planId, summary);
  }, [planId, summary, onStart, onHandled]);
}
