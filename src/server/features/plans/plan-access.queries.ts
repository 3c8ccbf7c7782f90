// The plan facts of an account (spec accounts §6): its subscription row (billing.ts), resolved at
// a moment by the pure `planAccessOf` of #shared/plans.ts. No row is Gratuito. Requests read it
// once, with the session, into the request scope (auth/request-scope.ts, ADR 017); the gates
// decide from the scope, never from a query.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions } from '#server/db/schema/index.ts';
import { planAccessOf, type PlanAccess, type SubscriptionRights } from '#shared/plans.ts';

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
