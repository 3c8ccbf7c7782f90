// The built-in (manual) provider's write: a plan granted on this installation — by the admin
// CLI, the development switch (ADR 010) or a test — rather than bought through Stripe.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions } from '#server/db/schema/index.ts';
import type { PlanId } from '#shared/plans.ts';

export type SetManualPlanParams = {
  accountId: string;
  planId: PlanId;
  /** When the granted rights end (admin CLI `--until`); null: until changed again. */
  endsAt?: Date | null;
};

/** Gratuito removes the subscription (no subscription is Gratuito); any other plan is active. */
export async function setManualPlan(
  db: Database,
  { accountId, planId, endsAt = null }: SetManualPlanParams,
): Promise<void> {
  if (planId === 'free') {
    await db.delete(subscriptions).where(eq(subscriptions.accountId, accountId));
    return;
  }
  const values = {
    planId,
    status: 'active' as const,
    provider: 'manual' as const,
    currentPeriodStart: new Date(),
    currentPeriodEnd: endsAt,
    endsAt,
    scheduledPlanId: null,
    scheduledChangeAt: null,
  };
  await db
    .insert(subscriptions)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: subscriptions.accountId, set: values });
}
