// A subscription answer for the plans feature's tests: Gratuito on an installation without
// payments, overridden field by field.
import type { SubscriptionSummary } from './api/billing-types.ts';

export function summaryOf(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    subscribed: false,
    subscription_tier: 'free',
    monthly_invoice_limit: 15,
    status: null,
    provider: 'manual',
    checkoutAvailable: false,
    currentPeriodEnd: null,
    endsAt: null,
    scheduledChange: null,
    couponCode: null,
    imagesPerInvoice: 1,
    usage: { current_count: 0, monthly_limit: 15, percentage_used: 0, is_at_limit: false },
    ...overrides,
  };
}

/** A Stripe subscription to Personal, renewing on 5 March 2026. */
export const STRIPE_PERSONAL = {
  subscribed: true,
  subscription_tier: 'professional',
  monthly_invoice_limit: 120,
  status: 'active',
  provider: 'stripe',
  checkoutAvailable: true,
  currentPeriodEnd: '2026-03-05T10:00:00.000Z',
  imagesPerInvoice: 5,
} as const satisfies Partial<SubscriptionSummary>;
