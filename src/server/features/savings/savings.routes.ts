// /api/savings (issue 16 point 5): the savings of the account — its savings suppliers (main
// category Poupanca), the monthly evolution of what they were paid, and the savings goals with
// their progress and the projection of when each is met at the current pace; create, edit and
// delete a goal. Behind the request scope (app.ts); every route needs savings.view
// (canAccessPoupancas on a non-free plan, spec accounts §6): 403 FORBIDDEN for the role, 403
// PLAN_REQUIRED on Gratuito. Changes are heard by the account's other tabs (savings.changed).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { savingsGoalInputSchema, type SavingsGoalData } from '#shared/schemas/savings.ts';
import { buildSavingsOverview } from './savings-overview.ts';
import { SAVINGS_API_MESSAGES } from './savings.messages.ts';
import {
  createSavingsGoal,
  deleteSavingsGoal,
  getGoalProgress,
  getSavingsByMonth,
  listSavingsGoals,
  listSavingsSuppliers,
  updateSavingsGoal,
} from './savings.queries.ts';

export type SavingsDeps = { db: Database; events: EventBus };

const notFound = () => new AppError(404, 'SAVINGS_GOAL_NOT_FOUND', SAVINGS_API_MESSAGES.notFound);

function goalId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function savingsRoutes({ db, events }: SavingsDeps) {
  const announce = (accountId: string) =>
    publishInBackground(events, accountId, { type: 'savings.changed' });

  /** A goal may name one of the account's savings suppliers, or none. */
  async function assertSavingsSupplier(accountId: string, goal: SavingsGoalData) {
    if (goal.supplierNif === null) return;
    const savingsSuppliers = await listSavingsSuppliers(db, { accountId });
    if (!savingsSuppliers.some((s) => s.nif === goal.supplierNif)) {
      throw new AppError(422, 'NOT_SAVINGS_SUPPLIER', SAVINGS_API_MESSAGES.supplierNotSavings, [
        { path: 'supplierNif', message: SAVINGS_API_MESSAGES.supplierNotSavings },
      ]);
    }
  }

  return new Hono<ScopeEnv>()
    .use(requireCapability('savings.view'))
    .get('/', async (c) => {
      const accountId = c.var.scope.accountId;
      const [suppliers, goals] = await Promise.all([
        listSavingsSuppliers(db, { accountId }),
        listSavingsGoals(db, { accountId }),
      ]);
      const nifs = suppliers.map((s) => s.nif);
      const [byMonth, progress] = await Promise.all([
        getSavingsByMonth(db, { accountId, nifs }),
        goals.length > 0 ? getGoalProgress(db, { accountId, nifs }) : new Map(),
      ]);
      const today = todayInLisbon();
      return c.json(buildSavingsOverview({ today, suppliers, byMonth, goals, progress }), 200);
    })
    .post('/goals', validate('json', savingsGoalInputSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const goal = c.req.valid('json');
      await assertSavingsSupplier(accountId, goal);
      const row = await createSavingsGoal(db, { accountId, goal });
      announce(accountId);
      return c.json({ id: row.id }, 201);
    })
    .patch('/goals/:id', validate('json', savingsGoalInputSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const id = goalId(c.req.param('id'));
      const goal = c.req.valid('json');
      await assertSavingsSupplier(accountId, goal);
      const row = await updateSavingsGoal(db, { accountId, id, goal });
      if (!row) throw notFound();
      announce(accountId);
      return c.json({ id: row.id }, 200);
    })
    .delete('/goals/:id', async (c) => {
      const accountId = c.var.scope.accountId;
      if (!(await deleteSavingsGoal(db, { accountId, id: goalId(c.req.param('id')) }))) {
        throw notFound();
      }
      announce(accountId);
      return c.body(null, 204);
    });
}
