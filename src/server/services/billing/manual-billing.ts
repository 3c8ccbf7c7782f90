// The built-in provider (the default, self-hosted installs): nothing is sold here. The operator
// grants and changes plans with the admin CLI (`npm run admin -- set-plan …`), so checkout, the
// portal and plan changes answer 409 BILLING_UNAVAILABLE with how a plan is obtained on this
// installation, and no coupon is valid.
import { AppError } from '#server/http/errors.ts';
import type { BillingProvider } from './billing-provider.ts';
import { billingUnavailableMessage } from './billing.messages.ts';

export type ManualBillingOptions = {
  /** SUPPORT_EMAIL: named in the explanation when set. */
  supportEmail?: string;
};

export function billingUnavailableError(supportEmail?: string): AppError {
  return new AppError(409, 'BILLING_UNAVAILABLE', billingUnavailableMessage(supportEmail));
}

export function createManualBilling({ supportEmail }: ManualBillingOptions = {}): BillingProvider {
  const refuse = () => Promise.reject(billingUnavailableError(supportEmail));
  return {
    id: 'manual',
    checkoutAvailable: false,
    webhooks: null,
    createCheckout: refuse,
    createPortal: refuse,
    changePlan: refuse,
    validateCoupon: () => Promise.resolve({ valid: false }),
  };
}
