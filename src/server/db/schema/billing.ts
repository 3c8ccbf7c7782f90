// The subscription of each account and the payment provider's events already applied
// (issue 15, spec accounts §7 check-subscription / smart-plan-change). The account's rights
// derive from its subscription row through `planAccessOf` (#shared/plans.ts); no row means
// Gratuito. The provider — the built-in manual one (admin CLI) or Stripe (webhooks) — is the
// only writer.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  BILLING_PROVIDERS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type BillingProvider,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';
import { accounts } from './accounts.ts';
import { timestamps, valueIn } from './columns.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id').$type<PlanId>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    provider: text('provider').$type<BillingProvider>().notNull().default('manual'),
    currentPeriodStart: moment('current_period_start'),
    currentPeriodEnd: moment('current_period_end'),
    /** When the rights end (canceled at period end, or an operator's --until); null: they go on. */
    endsAt: moment('ends_at'),
    /** A downgrade waiting for the period end (smart-plan-change), and when it applies. */
    scheduledPlanId: text('scheduled_plan_id').$type<PlanId>(),
    scheduledChangeAt: moment('scheduled_change_at'),
    couponCode: text('coupon_code'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /**
     * The provider's own time of the state stored here (Stripe's event `created`), so an
     * older event arriving after a newer one changes nothing.
     */
    providerUpdatedAt: moment('provider_updated_at'),
    ...timestamps(),
  },
  (t) => [
    check('subscriptions_plan_id_check', valueIn(t.planId, PLAN_IDS)),
    check('subscriptions_status_check', valueIn(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_provider_check', valueIn(t.provider, BILLING_PROVIDERS)),
    check(
      'subscriptions_scheduled_plan_id_check',
      sql`${t.scheduledPlanId} is null or ${valueIn(t.scheduledPlanId, PLAN_IDS)}`,
    ),
    // Webhooks find the account by the provider's ids.
    index('subscriptions_provider_customer_idx').on(t.providerCustomerId),
    index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    // The job that applies scheduled changes and lapsed plans.
    index('subscriptions_scheduled_change_at_idx').on(t.scheduledChangeAt),
    // listLapsedBetween: plans whose rights ended since the job's last run (most rows: null).
    index('subscriptions_ends_at_idx')
      .on(t.endsAt)
      .where(sql`${t.endsAt} is not null`),
  ],
);

export type Subscription = typeof subscriptions.$inferSelect;

/** Provider events already applied: a replay is recognised by its id and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').$type<BillingProvider>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    check('billing_events_provider_check', valueIn(t.provider, BILLING_PROVIDERS)),
  ],
);
