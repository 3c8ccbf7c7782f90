import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';

export type CouponCheck = { valid: boolean; error?: string | undefined };

/** `POST /api/billing/validate-coupon` (spec accounts §7 validate-coupon). */
export function validateCoupon(couponCode: string): Promise<CouponCheck> {
  return callApi(
    () => api.api.billing['validate-coupon'].$post({ json: { couponCode } }),
    SUBSCRIPTION_TOASTS.couponFailed,
  );
}
