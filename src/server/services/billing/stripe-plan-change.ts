// Spec accounts §4 "Subscription change" at Stripe: an upgrade changes the subscription item's
// price now and invoices the proportional difference at once (proration 'always_invoice'); a
// downgrade waits for the period end with no refund — a subscription schedule whose next phase
// has the lower price (released into a plain subscription after it), or, to Gratuito,
// cancel_at_period_end. update-subscription applies either direction now. Nothing here writes
// our database: the webhooks bring the resulting state.
import Stripe from 'stripe';
import { AppError } from '#server/http/errors.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';
import type { PlanChangeOutcome, PlanChangeRequest } from './billing-provider.ts';
import { BILLING_MESSAGES, PLAN_CHANGE_MESSAGES } from './billing.messages.ts';
import type { PriceCatalogue } from './stripe-prices.ts';

type Deps = { stripe: Stripe; prices: PriceCatalogue };

const scheduleIdOf = (subscription: Stripe.Subscription): string | null =>
  typeof subscription.schedule === 'string'
    ? subscription.schedule
    : (subscription.schedule?.id ?? null);

const priceIdOf = (prices: PriceCatalogue, plan: PlanId) => {
  if (plan === 'free') throw new Error('Gratuito has no price');
  return prices.priceIdOf(plan);
};

/** Calls off what was waiting for the period end: a schedule, or a cancellation. */
async function undoPending(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
  const scheduleId = scheduleIdOf(subscription);
  if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
  if (subscription.cancel_at_period_end) {
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  }
}

/** The lower price from the period end on, through the subscription's schedule. */
async function scheduleDowngrade(
  { stripe, prices }: Deps,
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  targetPlan: PlanId,
): Promise<void> {
  const targetPrice = await priceIdOf(prices, targetPlan);
  const existing = scheduleIdOf(subscription);
  const schedule = existing
    ? await stripe.subscriptionSchedules.retrieve(existing)
    : await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
  const phaseStart =
    schedule.current_phase?.start_date ??
    schedule.phases[0]?.start_date ??
    item.current_period_start;
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    proration_behavior: 'none',
    phases: [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        start_date: phaseStart,
        end_date: item.current_period_end,
      },
      {
        items: [{ price: targetPrice, quantity: 1 }],
        duration: { interval: 'month', interval_count: 1 },
        proration_behavior: 'none',
        metadata: { plan_id: targetPlan },
      },
    ],
  });
}

/** The subscription, or null when Stripe answers that it does not know it. */
async function retrieveIfExists(stripe: Stripe, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing')
      return null;
    throw error;
  }
}

export async function changeStripePlan(
  deps: Deps,
  { subscription: stored, targetPlan, mode }: PlanChangeRequest,
): Promise<PlanChangeOutcome> {
  const { stripe, prices } = deps;
  if (!stored) {
    if (targetPlan === 'free') {
      throw new AppError(409, 'SAME_PLAN', PLAN_CHANGE_MESSAGES.samePlan('free'));
    }
    throw new AppError(409, 'NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
  }
  const current = stored.planId;
  const subscription = await retrieveIfExists(stripe, stored.subscriptionId);
  const endsNow = mode === 'now' && targetPlan === 'free';
  // Gone or already ended at Stripe (deleted in its dashboard, say): nothing bills it any more,
  // so ending it now is done already (an account's deletion must not stall on it).
  if (endsNow && (!subscription || subscription.status === 'canceled')) {
    return { kind: 'canceled-now' };
  }
  if (!subscription) throw new AppError(409, 'NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
  const item = subscription.items.data[0];
  if (!item) throw new AppError(409, 'NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
  const hasPending = scheduleIdOf(subscription) !== null || subscription.cancel_at_period_end;

  if (targetPlan === current) {
    if (!hasPending) throw new AppError(409, 'SAME_PLAN', PLAN_CHANGE_MESSAGES.samePlan(current));
    await undoPending(stripe, subscription);
    return { kind: 'pending-change-undone' };
  }

  const direction =
    PLANS[targetPlan].priceCents > PLANS[current].priceCents ? 'upgrade' : 'downgrade';
  if (endsNow) {
    const scheduleId = scheduleIdOf(subscription);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    await stripe.subscriptions.cancel(subscription.id);
    return { kind: 'canceled-now' };
  }
  if (mode === 'now' || direction === 'upgrade') {
    const scheduleId = scheduleIdOf(subscription);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: await priceIdOf(prices, targetPlan) }],
      // An upgrade is charged now, in proportion; a downgrade applied now leaves the unused
      // part as credit on the next invoice.
      proration_behavior: direction === 'upgrade' ? 'always_invoice' : 'create_prorations',
      cancel_at_period_end: false,
      metadata: { plan_id: targetPlan },
    });
    return { kind: 'changed-now', direction };
  }

  // A downgrade, at the period end: the current plan goes on until then, nothing is refunded.
  const at = new Date(item.current_period_end * 1000);
  if (targetPlan === 'free') {
    const scheduleId = scheduleIdOf(subscription);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    return { kind: 'scheduled', at };
  }
  if (subscription.cancel_at_period_end) {
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  }
  await scheduleDowngrade(deps, subscription, item, targetPlan);
  return { kind: 'scheduled', at };
}
