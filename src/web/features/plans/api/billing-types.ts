// The wire shapes of /api/billing (issue 15 contract between the billing server and the web).
import {
  BILLING_PROVIDERS,
  isPlanId,
  SUBSCRIPTION_STATUSES,
  type BillingProvider,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';

export type PaidPlanId = Exclude<PlanId, 'free'>;

/** `GET /api/billing/subscription` (spec accounts §7 check-subscription, plus what we show). */
export type SubscriptionSummary = {
  subscribed: boolean;
  subscription_tier: PlanId;
  monthly_invoice_limit: number;
  status: SubscriptionStatus | null;
  provider: BillingProvider;
  /** A payment provider (Stripe) is configured: checkout, portal and plan changes work. */
  checkoutAvailable: boolean;
  currentPeriodEnd: string | null;
  endsAt: string | null;
  scheduledChange: { planId: PlanId; at: string } | null;
  couponCode: string | null;
  imagesPerInvoice: number;
  usage: {
    current_count: number;
    monthly_limit: number;
    percentage_used: number;
    is_at_limit: boolean;
  };
  /** Whom to ask for a plan on an installation without payments, when the operator set it. */
  supportEmail?: string | null;
};

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
