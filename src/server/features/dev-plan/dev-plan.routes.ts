// Plans before billing (ADR 010): while no payment provider is wired, a developer or tester
// switches the signed-in account's plan here to try the paid features (spending limits, more
// photos per invoice). Same switch as the dev mailbox: 404 unless config.devMailbox is on and
// the request comes from this machine (ADR 012), so nothing of it exists in a real deployment.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import { isLocalRequest } from '#server/http/local-request.ts';
import { validate } from '#server/http/validate.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import { PLAN_IDS, PLANS } from '#shared/plans.ts';

export type DevPlanDeps = { db: Database; events: EventBus; enabled: boolean };

const planChangeSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Plano desconhecido.' }),
});

/**
 * Whether the switch exists for this request: mounted in app.ts before the request scope, so a
 * request it does not exist for is a 404 before any session check.
 */
export function devPlanSwitch(enabled: boolean) {
  return createMiddleware(async (c, next) => {
    if (!enabled || !isLocalRequest(c)) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
    await next();
  });
}

/** Mounted at /api/dev/plan behind devPlanSwitch and the request scope (app.ts). */
export function devPlanRoutes({ db, events }: Omit<DevPlanDeps, 'enabled'>) {
  return new Hono<ScopeEnv>()
    .get('/', (c) => {
      const { planId, monthlyInvoiceLimit } = c.var.scope.plan;
      return c.json({ planId, monthlyInvoiceLimit }, 200);
    })
    .post(
      '/',
      requireCapability('billing.manage'),
      validate('json', planChangeSchema),
      async (c) => {
        const { planId } = c.req.valid('json');
        const monthlyInvoiceLimit = PLANS[planId].monthlyInvoiceLimit;
        // Every server and every open tab re-reads the plan (gates, counter, drawer).
        await grantPlan({ db, events }, { accountId: c.var.scope.accountId, planId });
        return c.json({ planId, monthlyInvoiceLimit }, 200);
      },
    );
}
