// The wire shapes of /api/billing (issue 15 contract between the billing server and the web).
import type { SubscriptionView } from '#server/features/billing/subscription-view.ts';
import {
  BILLING_PROVIDERS,
  isPlanId,
  SUBSCRIPTION_STATUSES,
  type BillingProvider,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';

export type PaidPlanId = Exclude<PlanId, 'free'>;

/**
 * `GET /api/billing/subscription` (spec accounts §7 check-subscription, plus what we show): the
 * server's own answer type, and the support contact the screen shows when the server sends one.
 */
export type SubscriptionSummary = SubscriptionView & { supportEmail?: string | null };

/** `POST /api/billing/change-plan` (smart-plan-change) and `update-subscription`. */
export type PlanChangeAnswer = {
  immediate: boolean;
  scheduled: boolean;
  scheduled_date: string | null;
  message: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isStatus = (value: unknown): value is SubscriptionStatus =>
  typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

const isProvider = (value: unknown): value is BillingProvider =>
  typeof value === 'string' && (BILLING_PROVIDERS as readonly string[]).includes(value);

/** Whether a value read back from the device cache still has the summary's shape. */
export function isSubscriptionSummary(value: unknown): value is SubscriptionSummary {
  if (!isRecord(value) || !isRecord(value.usage)) return false;
  return (
    typeof value.subscribed === 'boolean' &&
    isPlanId(value.subscription_tier) &&
    typeof value.monthly_invoice_limit === 'number' &&
    (value.status === null || isStatus(value.status)) &&
    isProvider(value.provider) &&
    typeof value.checkoutAvailable === 'boolean' &&
    typeof value.imagesPerInvoice === 'number' &&
    typeof value.usage.current_count === 'number' &&
    typeof value.usage.monthly_limit === 'number'
  );
}
