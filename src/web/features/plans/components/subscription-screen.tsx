import { useCallback, useEffect, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { PLANS, PLAN_IDS, type PlanId } from '#shared/plans.ts';
import type { SubscriptionSummary } from '../api/billing-types.ts';
import type { CheckoutRequest } from '../api/create-checkout.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useAutostart } from '../hooks/use-autostart.ts';
import {
  useRefreshAfterPlanChange,
  useSubscriptionActions,
} from '../hooks/use-subscription-actions.ts';
import { PLANS_MESSAGES, SUBSCRIPTION_TOASTS } from '../messages.ts';
import type { NewTabResult } from '../new-tab.ts';
import type { PlanChangeNotice } from '../subscription-actions.ts';
import { planActionFor, usageView } from '../subscription-view.ts';
import { PaymentTabNotice, PlanChangeNoticeView } from './action-notices.tsx';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { CouponField } from './coupon-field.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { ManualBillingNotice } from './manual-billing-notice.tsx';
import type { PendingPlanAction } from './plan-grid.tsx';
import { PlansSection } from './plans-section.tsx';
import { SubscriptionError, SubscriptionLoading } from './subscription-states.tsx';
import { UsageCard } from './usage-card.tsx';

const checkoutPlan = (request: CheckoutRequest | undefined): PendingPlanAction =>
  request ? { kind: 'checkout', planId: request.plan } : null;
const changingPlan = (planId: PlanId | undefined): PendingPlanAction =>
  planId ? { kind: 'change', planId } : null;

export type SubscriptionVariant = 'plans' | 'success' | 'canceled';

type SubscriptionScreenProps = {
  userId: string;
  variant: SubscriptionVariant;
  autostart: PlanId | undefined;
  onAutostartHandled: () => void;
};

/**
 * /subscription, /subscription-success and /subscription-canceled (spec accounts §2): the
 * plan in force with its status and dates, the month's usage, the four plans and what this
 * account can do with each — checkout, a plan change, the provider's portal — or, without a
 * payment provider, how plans are obtained here.
 */
export function SubscriptionScreen(props: SubscriptionScreenProps) {
  const { userId, variant, autostart, onAutostartHandled } = props;
  const query = useSubscription(userId);
  const actions = useSubscriptionActions();
  const refreshAfterPlanChange = useRefreshAfterPlanChange();
  const [chosenPlanId, setChosenPlanId] = useState<PlanId | null>(
    autostart && autostart !== 'free' ? autostart : null,
  );
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [tabResult, setTabResult] = useState<NewTabResult | null>(null);
  const [notice, setNotice] = useState<PlanChangeNotice | null>(null);
  const [dialogPlanId, setDialogPlanId] = useState<PlanId | null>(null);

  useEffect(() => {
    if (query.isError) toast.error(SUBSCRIPTION_TOASTS.checkFailed, { id: 'subscription-check' });
  }, [query.isError]);
  // Back from a paid checkout, the plan has changed (or is about to, with the provider's
  // webhook): the device copy goes and the screen asks again.
  useEffect(() => {
    if (variant === 'success') refreshAfterPlanChange();
  }, [variant, refreshAfterPlanChange]);

  const checkout = useCallback(
    (planId: PlanId) => {
      if (planId === 'free') return;
      setTabResult(null);
      actions.checkout.mutate(
        { plan: planId, ...(couponCode ? { couponCode } : {}) },
        { onSuccess: (result) => setTabResult(result) },
      );
    },
    [actions.checkout, couponCode],
  );

  const onAutostart = useCallback(
    (planId: PlanId, summary: SubscriptionSummary) => {
      const action = planActionFor(summary, planId);
      if (action === 'checkout') checkout(planId);
      else if (action === 'change') setDialogPlanId(planId);
      else if (action === 'current') {
        setChosenPlanId(null);
        toast.info(PLANS_MESSAGES.autostartCurrent(PLANS[planId].name));
      }
    },
    [checkout],
  );
  useAutostart({
    planId: autostart,
    summary: query.isFetching ? undefined : query.data,
    onStart: onAutostart,
    onHandled: onAutostartHandled,
  });

  if (query.data === undefined) {
    return query.isError ? (
      <SubscriptionError onRetry={() => void query.refetch()} />
    ) : (
      <SubscriptionLoading />
    );
  }
  const summary = query.data;
  const actionFor = (planId: PlanId) => planActionFor(summary, planId);
  const canCheckout = PLAN_IDS.some((planId) => actionFor(planId) === 'checkout');

  return (
    <div className="space-y-5">
      {variant !== 'plans' ? (
        <p className="text-slate-700">
          {variant === 'success' ? PLANS_MESSAGES.successLead : PLANS_MESSAGES.canceledLead}
        </p>
      ) : null}
      {tabResult ? <PaymentTabNotice result={tabResult} /> : null}
      {notice ? <PlanChangeNoticeView notice={notice} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <CurrentPlanCard
          summary={summary}
          isOpeningPortal={actions.portal.isPending}
          onManage={() => actions.portal.mutate(undefined, { onSuccess: setTabResult })}
          isKeeping={actions.keepPlan.isPending}
          onKeepCurrent={() =>
            actions.keepPlan.mutate(summary.subscription_tier, { onSuccess: setNotice })
          }
        />
        <UsageCard usage={usageView(summary)} imagesPerInvoice={summary.imagesPerInvoice} />
      </div>
      {/* An operator-granted plan says so on its card; the others learn how to get one. */}
      {summary.checkoutAvailable || summary.subscribed ? null : (
        <ManualBillingNotice
          chosenPlanId={chosenPlanId}
          supportEmail={summary.supportEmail ?? null}
        />
      )}
      {canCheckout ? (
        <CouponField
          appliedCode={couponCode}
          isChecking={actions.coupon.isPending}
          onCheck={(code) => actions.coupon.mutateAsync(code)}
          onApplied={setCouponCode}
        />
      ) : null}
      <PlansSection
        actionFor={actionFor}
        chosenPlanId={chosenPlanId}
        pending={
          (actions.checkout.isPending ? checkoutPlan(actions.checkout.variables) : null) ??
          (actions.changePlan.isPending ? changingPlan(actions.changePlan.variables) : null)
        }
        onCheckout={checkout}
        onChange={setDialogPlanId}
      />
      <ChangePlanDialog
        currentPlanId={summary.subscription_tier}
        targetPlanId={dialogPlanId}
        isChanging={actions.changePlan.isPending}
        onClose={() => setDialogPlanId(null)}
        onConfirm={(planId) =>
          actions.changePlan.mutate(planId, {
            onSuccess: (answer) => {
              setDialogPlanId(null);
              if (answer) setNotice(answer);
            },
          })
        }
      />
    </div>
  );
}
