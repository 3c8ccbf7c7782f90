// /api/billing (issue 15 contract; spec accounts §7 check-subscription, create-checkout,
// validate-coupon, customer-portal, smart-plan-change, update-subscription). Behind the request
// scope (app.ts). Reading the subscription is open to everyone signed in (the usage ring, the
// plan icon); buying and changing need billing.manage. The provider is the built-in manual one
// (409 BILLING_UNAVAILABLE with how plans are obtained here) or Stripe; under Stripe the plan
// changes when its webhook says so (stripe-webhook.routes.ts), and these routes only start it.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { getMonthlyUsage } from '#server/features/invoices/invoice-create.queries.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import {
  PAID_PLAN_IDS,
  type BillingProvider,
  type PlanChangeMode,
} from '#server/services/billing/billing-provider.ts';
import { BILLING_MESSAGES } from '#server/services/billing/billing.messages.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { grantsRights, planAccessOf, PLAN_IDS, type PlanId } from '#shared/plans.ts';
import { answerOf, recordPlanChange, type PlanChangeAnswer } from './plan-change-outcome.ts';
import { getSubscription } from './subscription.queries.ts';
import { toSubscriptionView } from './subscription-view.ts';

export type BillingDeps = { db: Database; events: EventBus; billing: BillingProvider };

const unknownPlan = { error: 'Plano desconhecido.' };
/** Promotion codes are letters, digits, dashes and underscores (Stripe's rule). */
const COUPON_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

const checkoutSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, unknownPlan),
  couponCode: z
    .string()
    .trim()
    .max(100, BILLING_MESSAGES.invalidCoupon)
    .transform((code) => code || undefined)
    .optional(),
  // Stripe keeps at most 50 keys of 40 characters with values of 500.
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((record) => Object.keys(record).length <= 20, 'Demasiados metadados.')
    .optional(),
});
const couponSchema = z.object({ couponCode: z.string().max(200) });
const changePlanSchema = z.object({ targetPlan: z.enum(PLAN_IDS, unknownPlan) });
const updateSubscriptionSchema = z.object({ newPlan: z.enum(PLAN_IDS, unknownPlan) });

export function billingRoutes({ db, events, billing }: BillingDeps) {
  async function changePlan(
    accountId: string,
    targetPlan: PlanId,
    mode: PlanChangeMode,
  ): Promise<PlanChangeAnswer> {
    const row = await getSubscription(db, accountId);
    const live = row !== null && grantsRights(row, new Date()) ? row : null;
    // A plan the operator granted is changed by the operator, even where Stripe sells plans.
    if (billing.checkoutAvailable && live?.provider === 'manual') {
      throw new AppError(409, 'BILLING_UNAVAILABLE', BILLING_MESSAGES.grantedByOperator);
    }
    const subscription =
      live?.providerSubscriptionId && live.provider === billing.id
        ? {
            accountId,
            planId: live.planId,
            subscriptionId: live.providerSubscriptionId,
            scheduledPlanId: live.scheduledPlanId,
            endsAt: live.endsAt,
          }
        : null;
    const outcome = await billing.changePlan({ subscription, targetPlan, mode });
    await recordPlanChange({ db, events }, { subscription, targetPlan, outcome });
    return answerOf({ current: subscription?.planId ?? 'free', targetPlan, outcome });
  }

  return new Hono<ScopeEnv>()
    .get('/subscription', async (c) => {
      const { accountId } = c.var.scope;
      const now = new Date();
      const row = await getSubscription(db, accountId);
      const usage = await getMonthlyUsage(db, {
        accountId,
        today: todayInLisbon(now),
        monthlyInvoiceLimit: planAccessOf(row, now).monthlyInvoiceLimit,
      });
      const view = toSubscriptionView({
        row,
        now,
        usage,
        installationProvider: billing.id,
        checkoutAvailable: billing.checkoutAvailable,
      });
      return c.json(view, 200);
    })
    .post(
      '/checkout',
      requireCapability('billing.manage'),
      validate('json', checkoutSchema),
      async (c) => {
        const { scope, user } = c.var;
        const { plan, couponCode, metadata } = c.req.valid('json');
        const row = await getSubscription(db, scope.accountId);
        // A second subscription would bill twice: plan changes go through change-plan.
        if (
          billing.checkoutAvailable &&
          row?.provider === 'stripe' &&
          grantsRights(row, new Date())
        ) {
          throw new AppError(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);
        }
        if (couponCode !== undefined && !COUPON_FORMAT.test(couponCode)) {
          throw new AppError(400, 'INVALID_COUPON', BILLING_MESSAGES.invalidCoupon);
        }
        const { url } = await billing.createCheckout({
          accountId: scope.accountId,
          email: user.email,
          plan,
          customerId: row?.provider === 'stripe' ? row.providerCustomerId : null,
          couponCode,
          metadata,
        });
        return c.json({ url }, 200);
      },
    )
    .post(
      '/validate-coupon',
      requireCapability('billing.manage'),
      validate('json', couponSchema),
      async (c) => {
        const code = c.req.valid('json').couponCode.trim();
        const check = COUPON_FORMAT.test(code)
          ? await billing.validateCoupon(code)
          : ({ valid: false } as const);
        return c.json(
          check.valid
            ? { valid: true as boolean }
            : { valid: false as boolean, error: BILLING_MESSAGES.invalidCoupon },
          200,
        );
      },
    )
    .post('/portal', requireCapability('billing.manage'), async (c) => {
      const row = await getSubscription(db, c.var.scope.accountId);
      const { url } = await billing.createPortal({
        customerId: row?.provider === 'stripe' ? row.providerCustomerId : null,
      });
      return c.json({ url }, 200);
    })
    .post(
      '/change-plan',
      requireCapability('billing.manage'),
      validate('json', changePlanSchema),
      async (c) => {
        const { targetPlan } = c.req.valid('json');
        return c.json(await changePlan(c.var.scope.accountId, targetPlan, 'smart'), 200);
      },
    )
    .post(
      '/update-subscription',
      requireCapability('billing.manage'),
      validate('json', updateSubscriptionSchema),
      async (c) => {
        const { newPlan } = c.req.valid('json');
        return c.json(await changePlan(c.var.scope.accountId, newPlan, 'now'), 200);
      },
    );
}
