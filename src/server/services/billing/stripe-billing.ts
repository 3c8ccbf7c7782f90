// The Stripe provider (STRIPE_SECRET_KEY set): Checkout Sessions per paid plan, the Customer
// Portal, coupons as promotion codes, plan changes (stripe-plan-change.ts), and the webhooks'
// signature check with STRIPE_WEBHOOK_SECRET. The plan itself changes only when a webhook says so
// (features/billing/stripe-webhook.routes.ts).
import type Stripe from 'stripe';
import { AppError } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';
import type { BillingProvider, CheckoutRequest, CouponCheck } from './billing-provider.ts';
import { BILLING_MESSAGES } from './billing.messages.ts';
import { createStripeClient, stripeCall, type StripeApiAddress } from './stripe-client.ts';
import { changeStripePlan } from './stripe-plan-change.ts';
import { createPriceCatalogue } from './stripe-prices.ts';

export type StripeBillingOptions = {
  secretKey: string;
  webhookSecret: string;
  /** APP_URL (or the server's own URL): where Checkout and the portal send people back. */
  appUrl: string;
  logger: Logger;
  /** Tests only: a local stand-in for the Stripe API. */
  api?: StripeApiAddress;
};

/** Whether a promotion code can be redeemed now (active, not expired, not used up). */
function isRedeemable(code: Stripe.PromotionCode, now: number): boolean {
  if (!code.active) return false;
  if (code.expires_at !== null && code.expires_at * 1000 <= now) return false;
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) return false;
  const coupon = code.promotion.coupon;
  return typeof coupon !== 'object' || coupon === null || coupon.valid;
}

export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const { webhookSecret, logger } = options;
  const stripe = createStripeClient({ secretKey: options.secretKey, api: options.api });
  const prices = createPriceCatalogue(stripe);
  const appUrl = options.appUrl.replace(/\/+$/, '');

  async function findCoupon(code: string): Promise<CouponCheck> {
    const found = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    const promotionCode = found.data[0];
    return promotionCode && isRedeemable(promotionCode, Date.now())
      ? { valid: true, promotionCodeId: promotionCode.id }
      : { valid: false };
  }

  async function checkout(request: CheckoutRequest): Promise<{ url: string }> {
    const { accountId, plan, couponCode } = request;
    let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
    if (couponCode) {
      const coupon = await findCoupon(couponCode);
      if (!coupon.valid) throw new AppError(400, 'INVALID_COUPON', BILLING_MESSAGES.invalidCoupon);
      discounts = [{ promotion_code: coupon.promotionCodeId }];
    }
    // Ours last, so the web's notes can never change whose subscription this is.
    const metadata = {
      ...request.metadata,
      account_id: accountId,
      plan_id: plan,
      ...(couponCode ? { coupon_code: couponCode } : {}),
    };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: await prices.priceIdOf(plan), quantity: 1 }],
      client_reference_id: accountId,
      ...(request.customerId
        ? { customer: request.customerId }
        : { customer_email: request.email }),
      metadata,
      subscription_data: { metadata },
      // A coupon given here is applied; otherwise the page offers its own code field.
      ...(discounts ? { discounts } : { allow_promotion_codes: true }),
      locale: 'pt',
      success_url: `${appUrl}/subscription-success`,
      cancel_url: `${appUrl}/subscription-canceled`,
    });
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    return { url: session.url };
  }

  return {
    id: 'stripe',
    checkoutAvailable: true,
    webhooks: {
      verify(payload, signature) {
        try {
          if (!signature) throw new Error('no Stripe-Signature header');
          return stripe.webhooks.constructEvent(payload, signature, webhookSecret);
        } catch {
          throw new AppError(400, 'INVALID_SIGNATURE', BILLING_MESSAGES.invalidSignature);
        }
      },
      retrieveSubscription: (id) =>
        stripeCall(logger, BILLING_MESSAGES.updateFailed, () => stripe.subscriptions.retrieve(id)),
    },
    createCheckout: (request) =>
      stripeCall(logger, BILLING_MESSAGES.checkoutFailed, () => checkout(request)),
    createPortal: async ({ customerId }) => {
      if (!customerId) throw new AppError(409, 'NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
      const session = await stripeCall(logger, BILLING_MESSAGES.portalFailed, () =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: `${appUrl}/subscription`,
          locale: 'pt',
        }),
      );
      return { url: session.url };
    },
    validateCoupon: (code) =>
      stripeCall(logger, BILLING_MESSAGES.couponFailed, () => findCoupon(code)),
    changePlan: (request) =>
      stripeCall(
        logger,
        request.mode === 'now' ? BILLING_MESSAGES.updateFailed : BILLING_MESSAGES.changeFailed,
        () => changeStripePlan({ stripe, prices }, request),
      ),
  };
}
