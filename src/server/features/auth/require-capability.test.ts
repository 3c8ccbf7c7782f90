import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { expect, test } from 'vitest';
import { handleError } from '#server/http/errors.ts';
import { createLogger } from '#server/logger.ts';
import type { Capability } from '#shared/capabilities.ts';
import type { Actor } from '#shared/permissions.ts';
import { planAccessFor, type PlanId } from '#shared/plans.ts';
import type { RequestScope, ScopeEnv } from './request-scope.ts';
import { CAPABILITY_MESSAGES, requireCapability } from './require-capability.ts';

function scopeOf(actor: Actor, planId: PlanId): RequestScope {
  return {
    accountId: 'a1',
    actor,
    plan: planAccessFor(planId),
    userId: 'a1',
    authSessionId: 's1',
    actorKey: null,
    actorName: 'Ana',
    teamManagementActive: false,
  };
}

// The scope is set by the request scope middleware in the app; here it is set directly, so
// every kind of actor and plan meets the same gate the routes declare.
function appActingAs(actor: Actor, planId: PlanId, capability: Capability) {
  const logger = createLogger('silent');
  return new Hono<ScopeEnv>()
    .use(
      createMiddleware<ScopeEnv>(async (c, next) => {
        c.set('scope', scopeOf(actor, planId));
        await next();
      }),
    )
    .delete('/gated', requireCapability(capability), (c) => c.body(null, 204))
    .onError((err, c) => handleError(err, c, logger));
}

const remove = (app: ReturnType<typeof appActingAs>) => app.request('/gated', { method: 'DELETE' });

test('the main user passes; a manager may not delete a supplier; a pending actor may nothing', async () => {
  expect((await remove(appActingAs({ kind: 'main' }, 'free', 'suppliers.delete'))).status).toBe(
    204,
  );
  for (const actor of [
    { kind: 'sub-user', role: 'manager', subUserId: 's1' },
    { kind: 'pending' },
  ] satisfies Actor[]) {
    const res = await remove(appActingAs(actor, 'enterprise_1000', 'suppliers.delete'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: CAPABILITY_MESSAGES.forbidden },
    });
  }
  const admin = { kind: 'sub-user', role: 'administrator', subUserId: 's2' } satisfies Actor;
  expect((await remove(appActingAs(admin, 'free', 'suppliers.delete'))).status).toBe(204);
});

test('a plan without the feature is refused with the plan to get and where to get it', async () => {
  const res = await remove(appActingAs({ kind: 'main' }, 'professional', 'cmv.view'));
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    error: {
      code: 'PLAN_REQUIRED',
      message: 'O CMV e as vendas estão disponíveis a partir do plano Empresarial 500.',
      details: {
        feature: 'cmv',
        requiredPlan: 'enterprise_500',
        upgradeUrl: '/subscription?autostart=enterprise_500',
      },
    },
  });
  expect((await remove(appActingAs({ kind: 'main' }, 'enterprise_500', 'cmv.view'))).status).toBe(
    204,
  );
});

test('the role is checked before the plan: no upgrade is offered to a role that lacks it', async () => {
  const manager = { kind: 'sub-user', role: 'manager', subUserId: 's3' } satisfies Actor;
  const res = await remove(appActingAs(manager, 'free', 'team.manage'));
  expect((await res.json()).error.code).toBe('FORBIDDEN');
});

test('every capability listed must be allowed, in order', async () => {
  const logger = createLogger('silent');
  const app = new Hono<ScopeEnv>()
    .use(
      createMiddleware<ScopeEnv>(async (c, next) => {
        c.set('scope', scopeOf({ kind: 'main' }, 'free'));
        await next();
      }),
    )
    .get('/lookup', requireCapability('suppliers.view', 'scanner.autoComplete'), (c) =>
      c.body(null, 204),
    )
    .onError((err, c) => handleError(err, c, logger));
  const res = await app.request('/lookup');
  expect(res.status).toBe(403);
  expect((await res.json()).error).toMatchObject({
    code: 'PLAN_REQUIRED',
    message: 'A captura automática de NIF está disponível a partir do plano Personal.',
    details: { requiredPlan: 'professional' },
  });
});
