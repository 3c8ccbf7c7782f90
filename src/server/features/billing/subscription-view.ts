// GET /api/billing/subscription's answer (the issue-15 contract; spec accounts §3 "Subscription"
// and "Invoice limit", §7 check-subscription): the plan in force and its rights, read from the
// subscription row at one moment, the provider, and this month's usage.
import type { Subscription } from '#server/db/schema/index.ts';
import {
  getPlanFeatures,
  grantsRights,
  planAccessOf,
  type BillingProvider,
  type InvoiceUsage,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';

export type SubscriptionView = {
  subscribed: boolean;
  subscription_tier: PlanId;
  monthly_invoice_limit: number;
  status: SubscriptionStatus | null;
  provider: BillingProvider;
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
};

export type SubscriptionViewInput = {
  row: Subscription | null;
  now: Date;
  usage: InvoiceUsage;
  /** This installation's provider, for an account that has no subscription row. */
  installationProvider: BillingProvider;
  checkoutAvailable: boolean;
};

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

export function toSubscriptionView({
  row,
  now,
  usage,
  installationProvider,
  checkoutAvailable,
}: SubscriptionViewInput): SubscriptionView {
  // No row, or a lapsed one, is Gratuito.
  const access = planAccessOf(row, now);
  const scheduled =
    row?.scheduledPlanId && row.scheduledChangeAt
      ? { planId: row.scheduledPlanId, at: row.scheduledChangeAt.toISOString() }
      : null;
  return {
    subscribed: access.subscribed,
    subscription_tier: access.planId,
    monthly_invoice_limit: access.monthlyInvoiceLimit,
    // A subscription whose rights have run out (its period ended, an operator's --until passed)
    // has ended, whatever the provider last said.
    status: row === null ? null : grantsRights(row, now) ? row.status : 'canceled',
    provider: row?.provider ?? installationProvider,
    checkoutAvailable,
    currentPeriodEnd: iso(row?.currentPeriodEnd ?? null),
    endsAt: iso(row?.endsAt ?? null),
    scheduledChange: scheduled,
    couponCode: row?.couponCode ?? null,
    imagesPerInvoice: getPlanFeatures(access).imagesPerInvoice,
    usage: {
      current_count: usage.currentCount,
      monthly_limit: usage.monthlyLimit,
      percentage_used: usage.percentageUsed,
      is_at_limit: usage.isAtLimit,
    },
  };
}
