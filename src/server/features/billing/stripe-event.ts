// What a Stripe webhook's object says about a subscription, read with loose schemas (only the
// fields used, tolerant of the API version the endpoint was created with: the period sits on the
// subscription in older versions and on its item since 2025) and mapped to our states:
// active, trialing and past_due as they are; unpaid, incomplete_expired and canceled (and the
// not-yet-paid or paused states, which grant nothing) → canceled, the rights ending when the
// subscription ended; cancel_at_period_end → ends_at at the period end.
import { z } from 'zod';
import { isPlanId, type PlanId, type SubscriptionStatus } from '#shared/plans.ts';
import { planOfLookupKey } from '#server/services/billing/stripe-prices.ts';

const metadataSchema = z.record(z.string(), z.string()).catch({});
/** An expandable field: an id, or the object with its id. */
const idOf = z.union([z.string(), z.looseObject({ id: z.string() }).transform((o) => o.id)]);
const unixTime = z.number().int().nonnegative().nullish();

const stripeSubscriptionSchema = z.looseObject({
  id: z.string().min(1),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: unixTime,
  ended_at: unixTime,
  current_period_start: unixTime,
  current_period_end: unixTime,
  schedule: idOf.nullish(),
  metadata: metadataSchema.optional(),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        current_period_start: unixTime,
        current_period_end: unixTime,
        price: z.looseObject({
          id: z.string(),
          lookup_key: z.string().nullish(),
          metadata: metadataSchema.optional(),
        }),
      }),
    ),
  }),
});

const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  subscription: idOf.nullish(),
  metadata: metadataSchema.optional(),
});

const invoiceSchema = z.looseObject({
  id: z.string(),
  // Before API version 2025-03-31 ("basil") the subscription was a field of the invoice.
  subscription: idOf.nullish(),
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: idOf }).nullish() })
    .nullish(),
});

/** A subscription's state as Stripe last described it. */
export type StripeSubscriptionState = {
  subscriptionId: string;
  customerId: string;
  /** The account named in the subscription's metadata at checkout. */
  accountIdHint: string | null;
  /** The plan of its price; null for a price that is not one of ours. */
  planId: PlanId | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  endsAt: Date | null;
  couponCode: string | null;
  /** A subscription schedule is attached (a downgrade waiting for the period end). */
  hasSchedule: boolean;
  cancelAtPeriodEnd: boolean;
};

const dateOf = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

function planOf(subscription: z.infer<typeof stripeSubscriptionSchema>): PlanId | null {
  const price = subscription.items.data[0]?.price;
  const byLookupKey = planOfLookupKey(price?.lookup_key);
  if (byLookupKey) return byLookupKey;
  const named = price?.metadata?.plan_id ?? subscription.metadata?.plan_id;
  return isPlanId(named) && named !== 'free' ? named : null;
}

export function ourStatus(stripeStatus: string): SubscriptionStatus {
  return stripeStatus === 'active' || stripeStatus === 'trialing' || stripeStatus === 'past_due'
    ? stripeStatus
    : 'canceled';
}

/** Null when `object` is not a subscription we can read. */
export function subscriptionStateOf(
  object: unknown,
  eventCreated: Date,
): StripeSubscriptionState | null {
  const parsed = stripeSubscriptionSchema.safeParse(object);
  if (!parsed.success) return null;
  const subscription = parsed.data;
  const item = subscription.items.data[0];
  const periodStart = dateOf(item?.current_period_start ?? subscription.current_period_start);
  const periodEnd = dateOf(item?.current_period_end ?? subscription.current_period_end);
  const status = ourStatus(subscription.status);
  const cancelAtPeriodEnd = subscription.cancel_at_period_end === true;
  const endsAt =
    status === 'canceled'
      ? (dateOf(subscription.ended_at) ?? eventCreated)
      : cancelAtPeriodEnd
        ? periodEnd
        : dateOf(subscription.cancel_at);
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    accountIdHint: subscription.metadata?.account_id ?? null,
    planId: planOf(subscription),
    status,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    endsAt,
    couponCode: subscription.metadata?.coupon_code ?? null,
    hasSchedule: subscription.schedule !== null && subscription.schedule !== undefined,
    cancelAtPeriodEnd,
  };
}

export type CheckoutCompletion = {
  subscriptionId: string;
  accountIdHint: string | null;
  couponCode: string | null;
};

/** The subscription a completed Checkout Session started; null for any other session. */
export function checkoutCompletionOf(object: unknown): CheckoutCompletion | null {
  const parsed = checkoutSessionSchema.safeParse(object);
  if (!parsed.success || parsed.data.mode !== 'subscription') return null;
  const session = parsed.data;
  if (!session.subscription) return null;
  return {
    subscriptionId: session.subscription,
    accountIdHint: session.client_reference_id ?? session.metadata?.account_id ?? null,
    couponCode: session.metadata?.coupon_code ?? null,
  };
}

/** The subscription an invoice bills; null for an invoice of none. */
export function invoiceSubscriptionIdOf(object: unknown): string | null {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return null;
  return parsed.data.parent?.subscription_details?.subscription ?? parsed.data.subscription ?? null;
}
