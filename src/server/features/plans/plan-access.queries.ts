// The plan facts of an account that the server's plan gates read (spec accounts §6): its
// subscription row (billing.ts), resolved at a moment by the pure `planAccessOf` of
// #shared/plans.ts. No row is Gratuito.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions } from '#server/db/schema/index.ts';
import {
  getPlanFeatures,
  planAccessOf,
  type PlanAccess,
  type PlanFeatures,
  type SubscriptionRights,
} from '#shared/plans.ts';

/** The columns that decide the rights, for joins that fetch them along with other data. */
export const subscriptionRightsColumns = {
  planId: subscriptions.planId,
  status: subscriptions.status,
  endsAt: subscriptions.endsAt,
};

/** A left join yields all-null columns for an account without a subscription. */
export function subscriptionRightsOrNull(row: {
  planId: SubscriptionRights['planId'] | null;
  status: SubscriptionRights['status'] | null;
  endsAt: Date | null;
}): SubscriptionRights | null {
  return row.planId === null || row.status === null
    ? null
    : { planId: row.planId, status: row.status, endsAt: row.endsAt };
}

export async function getSubscriptionRights(
  db: Database,
  accountId: string,
): Promise<SubscriptionRights | null> {
  const [row] = await db
    .select(subscriptionRightsColumns)
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1);
  return row ?? null;
}

export async function getPlanAccess(
  db: Database,
  accountId: string,
  now: Date = new Date(),
): Promise<PlanAccess> {
  return planAccessOf(await getSubscriptionRights(db, accountId), now);
}

export async function getAccountPlanFeatures(
  db: Database,
  accountId: string,
): Promise<PlanFeatures> {
  return getPlanFeatures(await getPlanAccess(db, accountId));
}
