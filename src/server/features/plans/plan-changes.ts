// The built-in (manual) provider's operations, shared by the admin CLI, the development
// switch and the billing routes when Stripe is off: each writes the subscription and tells
// every server and every open tab of the account (event 'subscription.changed').
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { subscriptions } from '#server/db/schema/index.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import type { PlanId } from '#shared/plans.ts';
import { setManualPlan } from './manual-plan.queries.ts';

export type PlanChangeDeps = { db: Database; events: EventBus };

/**
 * Awaited, unlike other live updates: the servers' request scopes forget the account's cached
 * plan on this event (ADR 017), so the change applies to the next request once this returns. A
 * lost event costs at most the session cache's few seconds, never the plan change.
 */
async function announcePlanChange(events: EventBus, accountId: string): Promise<void> {
  await events.publish(accountId, { type: 'subscription.changed' }).catch(() => undefined);
}

/** Grants `planId` now (Gratuito removes the subscription), until `endsAt` when given. */
export async function grantPlan(
  { db, events }: PlanChangeDeps,
  { accountId, planId, endsAt = null }: { accountId: string; planId: PlanId; endsAt?: Date | null },
): Promise<void> {
  await setManualPlan(db, { accountId, planId, endsAt });
  await announcePlanChange(events, accountId);
}

/**
 * The end of the monthly period that contains `now`, counted from `start`: a plan granted on
 * the 31st renews on the last day of shorter months.
 */
export function monthlyPeriodEnd(start: Date, now: Date): Date {
  for (let months = 1; months < 12 * 200; months++) {
    const end = new Date(start);
    end.setUTCDate(1);
    end.setUTCMonth(start.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    if (end.getTime() > now.getTime()) return end;
  }
  return now;
}

export type CancelPlanResult = { kind: 'canceled'; endsAt: Date } | { kind: 'no-plan' };

/**
 * Cancels at the period end (no refund): the rights stay until then, and nothing the account
 * made is deleted. A grant with an end date keeps that date; an open-ended one ends at the
 * end of its current monthly period.
 */
export async function cancelPlan(
  { db, events }: PlanChangeDeps,
  { accountId, now = new Date() }: { accountId: string; now?: Date },
): Promise<CancelPlanResult> {
  const [current] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1);
  if (!current || current.status === 'canceled') return { kind: 'no-plan' };
  const endsAt =
    current.endsAt ??
    current.currentPeriodEnd ??
    monthlyPeriodEnd(current.currentPeriodStart ?? current.createdAt, now);
  await db
    .update(subscriptions)
    .set({ status: 'canceled', endsAt, scheduledPlanId: null, scheduledChangeAt: null })
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.planId, current.planId)));
  await announcePlanChange(events, accountId);
  return { kind: 'canceled', endsAt };
}
