import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { PlanId } from '#shared/plans.ts';
import { billingKeys, invoiceKeys, profileKeys } from '#web/lib/query-keys.ts';
import { removeSubscriptionCache } from '#web/lib/subscription-cache.ts';
import { changePlan } from '../api/change-plan.ts';
import { createCheckout, type CheckoutRequest } from '../api/create-checkout.ts';
import { createPortalSession } from '../api/open-portal.ts';
import { updateSubscription } from '../api/update-subscription.ts';
import { validateCoupon } from '../api/validate-coupon.ts';
import { openInNewTab } from '../new-tab.ts';
import {
  checkCoupon,
  keepPlan,
  openPortal,
  requestPlanChange,
  startCheckout,
  type ActionDeps,
} from '../subscription-actions.ts';

/**
 * After any plan change (spec accounts §4): the device cache goes, and what the plan decides
 * — the subscription, the profile's plan and gates, the invoice counter's limit — reads again.
 */
export function useRefreshAfterPlanChange() {
  const queryClient = useQueryClient();
  return useMemo(
    () => () => {
      removeSubscriptionCache();
      for (const queryKey of [billingKeys.all, profileKeys.all, invoiceKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient],
  );
}

/** The screen's actions, each with its pending state; none of them throws. */
export function useSubscriptionActions() {
  const onPlanChanged = useRefreshAfterPlanChange();
  const deps = useMemo<ActionDeps>(
    () => ({
      api: { createCheckout, createPortalSession, validateCoupon, changePlan, updateSubscription },
      toast,
      openTab: (getUrl) => openInNewTab(getUrl),
      onPlanChanged,
    }),
    [onPlanChanged],
  );
  return {
    checkout: useMutation({
      mutationFn: (request: CheckoutRequest) => startCheckout(deps, request),
      retry: false,
    }),
    portal: useMutation({ mutationFn: () => openPortal(deps), retry: false }),
    coupon: useMutation({ mutationFn: (code: string) => checkCoupon(deps, code), retry: false }),
    changePlan: useMutation({
      mutationFn: (planId: PlanId) => requestPlanChange(deps, planId),
      retry: false,
    }),
    keepPlan: useMutation({ mutationFn: (planId: PlanId) => keepPlan(deps, planId), retry: false }),
  };
}
