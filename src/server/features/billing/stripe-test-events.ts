// Tests only: Stripe webhook deliveries as Stripe sends them — event envelopes around
// subscription, Checkout Session and invoice objects (API version 2026-10-28: the period on the
// subscription item, the invoice's subscription under parent.subscription_details), signed with
// the package's own test helper (stripe.webhooks.generateTestHeaderString).
import Stripe from 'stripe';
import type { PaidPlanId } from '#server/services/billing/billing-provider.ts';
import { lookupKeyOf } from '#server/services/billing/stripe-prices.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_papelada_test_secret';
export const WEBHOOK_PATH = '/api/billing/stripe/webhook';

type Json = Record<string, unknown>;
let sequence = 0;

export const seconds = (moment: Date) => Math.floor(moment.getTime() / 1000);

export type SubscriptionObjectOptions = {
  id: string;
  customer: string;
  plan: PaidPlanId;
  status?: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date | null;
  accountId?: string;
  schedule?: string | null;
};

export function subscriptionObject(options: SubscriptionObjectOptions): Json {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: options.cancelAtPeriodEnd ? seconds(options.periodEnd) : null,
    ended_at: options.endedAt ? seconds(options.endedAt) : null,
    schedule: options.schedule ?? null,
    metadata: options.accountId ? { account_id: options.accountId, plan_id: options.plan } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: seconds(options.periodStart),
          current_period_end: seconds(options.periodEnd),
          price: {
            id: `price_${options.plan}`,
            object: 'price',
            lookup_key: lookupKeyOf(options.plan),
            metadata: {},
          },
        },
      ],
    },
  };
}

export function checkoutSessionObject(options: {
  accountId: string;
  customer: string;
  subscription: string;
  plan: PaidPlanId;
}): Json {
  return {
    id: `cs_test_${++sequence}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: options.accountId,
    customer: options.customer,
    subscription: options.subscription,
    metadata: { account_id: options.accountId, plan_id: options.plan },
  };
}

export function invoiceObject(subscription: string | null): Json {
  return {
    id: `in_test_${++sequence}`,
    object: 'invoice',
    parent: subscription
      ? { type: 'subscription_details', subscription_details: { subscription } }
      : null,
  };
}

export function stripeEvent(type: string, object: Json, created: Date, id?: string): Json {
  return {
    id: id ?? `evt_test_${++sequence}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** POSTs the event as Stripe does: no cookie, no CSRF token, only its signature. */
export function deliver(
  t: Pick<TestApp, 'app'>,
  event: Json,
  { secret = TEST_WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const header =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret })
      : signature;
  return Promise.resolve(
    t.app.request(WEBHOOK_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      body: payload,
    }),
  );
}
