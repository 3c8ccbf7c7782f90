// What a plan change started at the provider leaves here, and how it is told (spec accounts §7
// smart-plan-change: `{ immediate, scheduled, scheduled_date, message }`). The plan itself moves
// with the provider's webhook; the downgrade waiting for the period end is remembered now, so
// /subscription shows it at once, and every open tab hears 'subscription.changed'.
import type { Database } from '#server/db/client.ts';
import type {
  PlanChangeOutcome,
  ProviderSubscription,
} from '#server/services/billing/billing-provider.ts';
import { PLAN_CHANGE_MESSAGES } from '#server/services/billing/billing.messages.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { PlanId } from '#shared/plans.ts';
import { setScheduledChange } from './subscription.queries.ts';

export type PlanChangeAnswer = {
  immediate: boolean;
  scheduled: boolean;
  scheduled_date: string | null;
  message: string;
};

export type PlanChangeFacts = {
  current: PlanId;
  targetPlan: PlanId;
  outcome: PlanChangeOutcome;
};

export function answerOf({ current, targetPlan, outcome }: PlanChangeFacts): PlanChangeAnswer {
  const now = { immediate: true, scheduled: false, scheduled_date: null };
  switch (outcome.kind) {
    case 'changed-now':
      return {
        ...now,
        message:
          outcome.direction === 'upgrade'
            ? PLAN_CHANGE_MESSAGES.upgradedNow(targetPlan)
            : PLAN_CHANGE_MESSAGES.downgradedNow(targetPlan),
      };
    case 'canceled-now':
      return { ...now, message: PLAN_CHANGE_MESSAGES.canceledNow() };
    case 'pending-change-undone':
      return { ...now, message: PLAN_CHANGE_MESSAGES.undone(current) };
    case 'scheduled':
      return {
        immediate: false,
        scheduled: true,
        scheduled_date: outcome.at.toISOString(),
        message: PLAN_CHANGE_MESSAGES.scheduled(current, targetPlan, outcome.at),
      };
  }
}

export type RecordPlanChangeParams = {
  subscription: ProviderSubscription | null;
  targetPlan: PlanId;
  outcome: PlanChangeOutcome;
};

export async function recordPlanChange(
  { db, events }: { db: Database; events: EventBus },
  { subscription, targetPlan, outcome }: RecordPlanChangeParams,
): Promise<void> {
  if (!subscription) return;
  const { accountId, subscriptionId } = subscription;
  await setScheduledChange(db, {
    accountId,
    subscriptionId,
    change: outcome.kind === 'scheduled' ? { planId: targetPlan, at: outcome.at } : null,
  });
  publishInBackground(events, accountId, { type: 'subscription.changed' });
}
