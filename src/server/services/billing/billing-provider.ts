// The billing adapter (DESIGN.md "services"): one interface, the built-in manual provider by
// default (plans granted by the operator with the admin CLI) and Stripe when STRIPE_SECRET_KEY
// is set. A provider talks to the payment service only; what it answers is persisted by
// features/billing, and under Stripe the plan itself changes only through the webhooks.
import type Stripe from 'stripe';
import type { BillingProvider as BillingProviderId, PlanId } from '#shared/plans.ts';

/** The paid plans a checkout sells (spec accounts §7 create-checkout). */
export const PAID_PLAN_IDS = ['professional', 'enterprise_500', 'enterprise_1000'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export type CheckoutRequest = {
  accountId: string;
  email: string;
  plan: PaidPlanId;
  /** The provider's customer of the account, when it already has one. */
  customerId: string | null;
  couponCode?: string;
  /** The web's own notes for the session (kept beside ours, never over them). */
  metadata?: Record<string, string>;
};

/** The account's subscription at the provider, as stored by the webhooks. */
export type ProviderSubscription = {
  accountId: string;
  planId: PlanId;
  subscriptionId: string;
  /** A downgrade already waiting for the period end. */
  scheduledPlanId: PlanId | null;
  /** The subscription ends at its period end (a cancellation or a downgrade to Gratuito). */
  endsAt: Date | null;
};

/**
 * `smart`: spec smart-plan-change (an upgrade now with a proportional charge, a downgrade at
 * the period end with no refund). `now`: spec update-subscription, applied at once.
 */
export type PlanChangeMode = 'smart' | 'now';

export type PlanChangeRequest = {
  /** The account's subscription at this provider; null when it has none in force. */
  subscription: ProviderSubscription | null;
  targetPlan: PlanId;
  mode: PlanChangeMode;
};

export type PlanChangeOutcome =
  /** The provider changed the plan now; its webhook brings the new state. */
  | { kind: 'changed-now'; direction: 'upgrade' | 'downgrade' }
  /** Ends the subscription now (update-subscription to Gratuito). */
  | { kind: 'canceled-now' }
  /** The change waits for the period end; nothing is refunded. */
  | { kind: 'scheduled'; at: Date }
  /** A change that was waiting is called off: the plan stays as it is. */
  | { kind: 'pending-change-undone' };

export type CouponCheck = { valid: true; promotionCodeId: string } | { valid: false };

/** Verifies a webhook delivery and reads what it refers to (Stripe only). */
export type BillingWebhooks = {
  /** Throws when the signature is missing, wrong or too old. */
  verify(payload: Buffer, signature: string | undefined): Stripe.Event;
  /** The subscription as it is now at the provider (checkout.session.completed names only its id). */
  retrieveSubscription(subscriptionId: string): Promise<unknown>;
};

export interface BillingProvider {
  readonly id: BillingProviderId;
  /** Whether people can buy here (checkout, portal, coupons, plan changes). */
  readonly checkoutAvailable: boolean;
  /** Present when the provider sends webhooks. */
  readonly webhooks: BillingWebhooks | null;
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  createPortal(request: { customerId: string | null }): Promise<{ url: string }>;
  validateCoupon(code: string): Promise<CouponCheck>;
  changePlan(request: PlanChangeRequest): Promise<PlanChangeOutcome>;
}
