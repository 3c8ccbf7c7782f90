// What the subscription screen shows, decided without React: dates in pt-PT (Lisbon), the
// plan line under the current plan, the usage bar's level, the direction of a plan change
// and the action each plan card offers.
import { calendarDateInTimeZone, formatDateLong, isValidCalendarDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import {
  invoiceUsage,
  PLAN_IDS,
  subscriptionUsageLevel,
  type InvoiceUsage,
  type PlanId,
  type SubscriptionUsageLevel,
} from '#shared/plans.ts';
import type { SubscriptionSummary } from './api/billing-types.ts';
import { PLANS_MESSAGES } from './messages.ts';

/**
 * '05 de março de 2026' for an ISO instant (the day it falls on in Lisbon) or a calendar
 * date 'YYYY-MM-DD'; null for anything unreadable, so a bad value never shows.
 */
export function formatBillingDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return isValidCalendarDate(value) ? formatDateLong(value) : null;
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return formatDateLong(calendarDateInTimeZone(instant, DEFAULT_TIMEZONE));
}

/** The line under the current plan: a scheduled change, the end, or the renewal. */
export function planDateLine(summary: SubscriptionSummary): string | null {
  const { scheduledChange, status, endsAt, currentPeriodEnd, subscription_tier } = summary;
  if (subscription_tier === 'free' && status === null) return PLANS_MESSAGES.freeNoRenewal;
  const scheduledAt = formatBillingDate(scheduledChange?.at);
  if (scheduledChange && scheduledAt) {
    return PLANS_MESSAGES.scheduledChange(scheduledChange.planId, scheduledAt);
  }
  const end = formatBillingDate(endsAt);
  if (end) return PLANS_MESSAGES.endsOn(end);
  if (status === 'canceled') {
    const periodEnd = formatBillingDate(currentPeriodEnd);
    return periodEnd ? PLANS_MESSAGES.endsOn(periodEnd) : null;
  }
  // Only a paid subscription renews; an operator's grant runs until its end date, if any.
  if (summary.provider !== 'stripe') return null;
  const renewal = formatBillingDate(currentPeriodEnd);
  return renewal ? PLANS_MESSAGES.renewsOn(renewal) : null;
}

export type UsageView = InvoiceUsage & { level: SubscriptionUsageLevel };

/** The month's usage, with the subscription screen's scale (orange from 80 %, red at the limit). */
export function usageView(summary: SubscriptionSummary): UsageView {
  const usage = invoiceUsage(summary.usage.current_count, summary.usage.monthly_limit);
  return { ...usage, level: subscriptionUsageLevel(usage) };
}

export type PlanChangeDirection = 'upgrade' | 'downgrade';

/** The catalogue is ordered by price: a later plan is an upgrade. */
export function planChangeDirection(from: PlanId, to: PlanId): PlanChangeDirection {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from) ? 'upgrade' : 'downgrade';
}

/**
 * What a plan card offers:
 * - 'current': the plan in force;
 * - 'checkout': an account without a paid subscription buys a paid plan (new tab);
 * - 'change': a paid subscription of the payment provider moves to another plan;
 * - 'none': nothing self-service (no provider here, an operator-granted plan, or Gratuito
 *   while not subscribed).
 */
export type PlanAction = 'current' | 'checkout' | 'change' | 'none';

export function planActionFor(summary: SubscriptionSummary, planId: PlanId): PlanAction {
  if (planId === summary.subscription_tier) return 'current';
  if (!summary.checkoutAvailable) return 'none';
  const hasProviderSubscription =
    summary.subscribed && summary.provider === 'stripe' && summary.status !== 'canceled';
  if (hasProviderSubscription) return 'change';
  if (summary.subscribed) return 'none';
  return planId === 'free' ? 'none' : 'checkout';
}

/** The provider's portal (card, invoices, cancellation) exists for its own customers. */
export function canManageSubscription(summary: SubscriptionSummary): boolean {
  return summary.checkoutAvailable && summary.provider === 'stripe' && summary.status !== null;
}

/** '9,90 €' for a paid plan, '0 €' for Gratuito (spec accounts §9 "Gratuito 0 EUR"). */
export function planPriceLabel(priceCents: number): string {
  return priceCents === 0 ? '0\u00a0€' : formatCents(priceCents);
}
