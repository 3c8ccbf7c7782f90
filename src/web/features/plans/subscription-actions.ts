// The subscription screen's actions with their toasts (spec accounts §8 "Subscription
// toasts", word for word), written against injected dependencies so they are tested with a
// stand-in API: checkout and portal in a new tab, the coupon check, a plan change and
// keeping the current plan.
import type { PlanId } from '#shared/plans.ts';
import type { CheckoutRequest } from './api/create-checkout.ts';
import type { CouponCheck } from './api/validate-coupon.ts';
import type { PlanChangeAnswer } from './api/billing-types.ts';
import type { NewTabResult } from './new-tab.ts';
import { PLANS_MESSAGES, SUBSCRIPTION_TOASTS } from './messages.ts';
import { formatBillingDate } from './subscription-view.ts';

export type BillingApi = {
  createCheckout(request: CheckoutRequest): Promise<string>;
  createPortalSession(): Promise<string>;
  validateCoupon(couponCode: string): Promise<CouponCheck>;
  changePlan(targetPlan: PlanId): Promise<PlanChangeAnswer>;
  updateSubscription(newPlan: PlanId): Promise<PlanChangeAnswer>;
};

type ToastOptions = { description?: string; id?: string; duration?: number };
export type Toaster = {
  success(title: string, options?: ToastOptions): unknown;
  error(title: string, options?: ToastOptions): unknown;
};

export type ActionDeps = {
  api: BillingApi;
  toast: Toaster;
  openTab: (getUrl: () => Promise<string>) => Promise<NewTabResult>;
  /** Clears the device's subscription cache and refetches what the plan decides. */
  onPlanChanged: () => void;
};

const messageOf = (error: unknown): string | undefined =>
  error instanceof Error && error.message ? error.message : undefined;

/** The payment page in a new tab; null when it failed (the toast has said so). */
export async function startCheckout(
  deps: ActionDeps,
  request: CheckoutRequest,
): Promise<NewTabResult | null> {
  try {
    return await deps.openTab(() => deps.api.createCheckout(request));
  } catch (error) {
    deps.toast.error(SUBSCRIPTION_TOASTS.checkoutFailed, { description: messageOf(error) });
    return null;
  }
}

export async function openPortal(deps: ActionDeps): Promise<NewTabResult | null> {
  try {
    return await deps.openTab(() => deps.api.createPortalSession());
  } catch (error) {
    deps.toast.error(SUBSCRIPTION_TOASTS.portalFailed, { description: messageOf(error) });
    return null;
  }
}

export type CouponResult = { valid: true; code: string } | { valid: false; message: string };

/** An empty code is refused here; the rest is the server's (valid, or 'Cupão inválido…'). */
export async function checkCoupon(deps: ActionDeps, input: string): Promise<CouponResult> {
  const code = input.trim();
  if (!code) return { valid: false, message: PLANS_MESSAGES.couponRequired };
  try {
    const answer = await deps.api.validateCoupon(code);
    if (answer.valid) return { valid: true, code };
    deps.toast.error(SUBSCRIPTION_TOASTS.couponFailed, {
      description: SUBSCRIPTION_TOASTS.couponInvalid,
    });
    return { valid: false, message: SUBSCRIPTION_TOASTS.couponInvalid };
  } catch (error) {
    const message = messageOf(error) ?? SUBSCRIPTION_TOASTS.couponFailed;
    deps.toast.error(SUBSCRIPTION_TOASTS.couponFailed, { description: message });
    return { valid: false, message };
  }
}

/** What the screen shows after a plan change: the answer's message and, if set, its date. */
export type PlanChangeNotice = { message: string; date: string | null; scheduled: boolean };

function noticeOf(answer: PlanChangeAnswer): PlanChangeNotice {
  const date = formatBillingDate(answer.scheduled_date);
  return { message: answer.message, date, scheduled: answer.scheduled };
}

/** Smart plan change: the answer's message is the toast; a scheduled change shows its date. */
export async function requestPlanChange(
  deps: ActionDeps,
  targetPlan: PlanId,
): Promise<PlanChangeNotice | null> {
  try {
    const notice = noticeOf(await deps.api.changePlan(targetPlan));
    deps.onPlanChanged();
    deps.toast.success(notice.message, {
      description:
        notice.scheduled && notice.date ? PLANS_MESSAGES.changeScheduled(notice.date) : undefined,
    });
    return notice;
  } catch (error) {
    deps.toast.error(SUBSCRIPTION_TOASTS.changeFailed, { description: messageOf(error) });
    return null;
  }
}

/** Keeps `planId` (the plan in force): a scheduled change to another plan is dropped. */
export async function keepPlan(deps: ActionDeps, planId: PlanId): Promise<PlanChangeNotice | null> {
  try {
    const notice = noticeOf(await deps.api.updateSubscription(planId));
    deps.onPlanChanged();
    deps.toast.success(notice.message || PLANS_MESSAGES.keptCurrent);
    return notice;
  } catch (error) {
    deps.toast.error(SUBSCRIPTION_TOASTS.updateFailed, { description: messageOf(error) });
    return null;
  }
}
