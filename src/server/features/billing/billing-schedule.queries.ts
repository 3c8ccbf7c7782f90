// What the billing job (billing-schedule.job.ts) changes and finds: the built-in provider's
// scheduled changes that are due, and the subscriptions whose rights ran out in a window (their
// ends_at passed). Stripe's own scheduled changes are applied by Stripe and arrive as webhooks.
import { and, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions } from '#server/db/schema/index.ts';

/**
 * Applies every due scheduled change of the manual provider (served by
 * subscriptions_scheduled_change_at_idx): a paid plan takes over from its date, a change to
 * Gratuito ends the rights at its date (the row stays, canceled; nothing the account made is
 * touched). Returns the accounts changed.
 */
export async function applyDueScheduledChanges(
  db: Database,
  { now }: { now: Date },
): Promise<string[]> {
  const isDue = and(
    eq(subscriptions.provider, 'manual'),
    isNotNull(subscriptions.scheduledPlanId),
    lte(subscriptions.scheduledChangeAt, now),
  );
  const toPaid = await db
    .update(subscriptions)
    .set({
      planId: sql`${subscriptions.scheduledPlanId}`,
      status: 'active',
      currentPeriodStart: sql`${subscriptions.scheduledChangeAt}`,
      currentPeriodEnd: null,
      scheduledPlanId: null,
      scheduledChangeAt: null,
    })
    .where(and(isDue, ne(subscriptions.scheduledPlanId, 'free')))
    .returning({ accountId: subscriptions.accountId });
  const toFree = await db
    .update(subscriptions)
    .set({
      status: 'canceled',
      endsAt: sql`least(coalesce(${subscriptions.endsAt}, ${subscriptions.scheduledChangeAt}), ${subscriptions.scheduledChangeAt})`,
      scheduledPlanId: null,
      scheduledChangeAt: null,
    })
    .where(and(isDue, eq(subscriptions.scheduledPlanId, 'free')))
    .returning({ accountId: subscriptions.accountId });
  return [...toPaid, ...toFree].map((row) => row.accountId);
}

export type LapsedBetweenParams = { after: Date; until: Date };

/**
 * Accounts whose subscription's rights ended in (after, until]. A scan of subscriptions, one
 * row per paying account; run every few minutes.
 */
export async function listLapsedBetween(
  db: Database,
  { after, until }: LapsedBetweenParams,
): Promise<string[]> {
  const rows = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(gt(subscriptions.endsAt, after), lte(subscriptions.endsAt, until)));
  return rows.map((row) => row.accountId);
}
