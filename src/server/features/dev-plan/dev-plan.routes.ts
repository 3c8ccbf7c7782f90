// Plans before billing (ADR 010): while no payment provider is wired, a developer or tester
// switches the signed-in account's plan here to try the paid features (spending limits, more
// photos per invoice). Same switch as the dev mailbox: 404 unless config.devMailbox is on and
// the request comes from this machine (ADR 012), so nothing of it exists in a real deployment.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { getPlanAccess } from '#server/features/plans/plan-access.queries.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import { isLocalRequest } from '#server/http/local-request.ts';
import { validate } from '#server/http/validate.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import { PLAN_IDS, PLANS } from '#shared/plans.ts';

export type DevPlanDeps = { db: Database; auth: Auth; events: EventBus; enabled: boolean };

const planChangeSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Plano desconhecido.' }),
});

/** Mounted at /api/dev/plan. */
export function devPlanRoutes({ db, auth, events, enabled }: DevPlanDeps) {
  return new Hono<AccountEnv>()
    .use(async (c, next) => {
      if (!enabled || !isLocalRequest(c)) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
      await next();
    })
    .use(requireAccount(auth))
    .get('/', async (c) => {
      const { planId, monthlyInvoiceLimit } = await getPlanAccess(db, c.var.accountId);
      return c.json({ planId, monthlyInvoiceLimit }, 200);
    })
    .post(
      '/',
      requirePermission('canManageTeam'),
      validate('json', planChangeSchema),
      async (c) => {
        const { planId } = c.req.valid('json');
        const monthlyInvoiceLimit = PLANS[planId].monthlyInvoiceLimit;
        // Every server and every open tab re-reads the plan (gates, counter, drawer).
        await grantPlan({ db, events }, { accountId: c.var.accountId, planId });
        return c.json({ planId, monthlyInvoiceLimit }, 200);
      },
    );
}
