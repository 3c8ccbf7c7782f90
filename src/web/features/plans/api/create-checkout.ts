import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';
import type { PaidPlanId } from './billing-types.ts';

export type CheckoutRequest = { plan: PaidPlanId; couponCode?: string };

/**
 * `POST /api/billing/checkout` (spec accounts §7 create-checkout): the payment page's URL,
 * opened in a new tab. Without a payment provider: 409 BILLING_UNAVAILABLE.
 */
export async function createCheckout({ plan, couponCode }: CheckoutRequest): Promise<string> {
  const { url } = await callApi(
    () =>
      api.api.billing.checkout.$post({
        json: { plan, ...(couponCode ? { couponCode } : {}) },
      }),
    SUBSCRIPTION_TOASTS.checkoutFailed,
  );
  return url;
}
