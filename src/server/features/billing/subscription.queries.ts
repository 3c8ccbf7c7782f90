// The account's subscription row (src/server/db/schema/billing.ts) as the billing routes read
// and annotate it. The plan itself is written by the manual provider's operations
// (plans/plan-changes.ts) and, under Stripe, by the webhooks (stripe-webhook.queries.ts) only.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions, type Subscription } from '#server/db/schema/index.ts';
import type { PlanId } from '#shared/plans.ts';

/** By primary key. */
export async function getSubscription(
  db: Database,
  accountId: string,
): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1);
  return row ?? null;
}

export type SetScheduledChangeParams = {
  accountId: string;
  /** Only while the row is still this provider subscription's. */
  subscriptionId: string;
  /** null: nothing waits any more. */
  change: { planId: PlanId; at: Date } | null;
};

/**
 * Remembers (or forgets) the downgrade Stripe will apply at the period end, so /subscription
 * shows it before the webhook of that day changes the plan. Not a plan change itself.
 */
export async function setScheduledChange(
  db: Database,
  { accountId, subscriptionId, change }: SetScheduledChangeParams,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ scheduledPlanId: change?.planId ?? null, scheduledChangeAt: change?.at ?? null })
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.providerSubscriptionId, subscriptionId),
      ),
    );
}
