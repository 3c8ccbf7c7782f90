// The request scope (ADR 017): who asks, who acts and the plan, set once per request. Held here
// to its performance promise too: a session served from the cache costs no query at all, and the
// plan still follows a change at once (subscription.changed) or a lapse by date (resolved with
// the request's `now`).
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { setManualPlan } from '#server/features/plans/manual-plan.queries.ts';
import { handleError } from '#server/http/errors.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { requestScope, type ScopeEnv } from './request-scope.ts';
import { signUpVerified } from './test-helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The app's database, counting the statements the request scope starts on it. */
const queries = { count: 0 };
const countingDb = new Proxy(t.db.db, {
  get(target, property, receiver) {
    if (property === 'select' || property === 'execute') queries.count += 1;
    return Reflect.get(target, property, receiver) as unknown;
  },
}) satisfies Database;

// A signed-in route as the app mounts them: behind the one middleware.
const app = new Hono<ScopeEnv>()
  .use(requestScope({ auth: t.auth, db: countingDb }))
  .get('/me', (c) => c.json({ ...c.var.scope, email: c.var.user.email }))
  .onError((err, c) => handleError(err, c, pino({ level: 'silent' })));

type Me = { accountId: string; email: string; actor: { kind: string }; plan: { planId: string } };
const me = async (cookie: string) =>
  (await (await app.request('/me', { headers: { cookie } })).json()) as Me;

test('without a session the route answers 401 UNAUTHENTICATED', async () => {
  const res = await app.request('/me');
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    error: { code: 'UNAUTHENTICATED', message: 'Sessão expirada. Inicie sessão novamente.' },
  });
});

test('a forged or expired cookie answers 401', async () => {
  const res = await app.request('/me', {
    headers: { cookie: 'better-auth.session_token=forjado.assinatura' },
  });
  expect(res.status).toBe(401);
});

test('each session sees its own account id, its user, the main user acting and its plan', async () => {
  const ana = await me(await signUpVerified(t, 'ana.scope@exemplo.pt'));
  const rui = await me(await signUpVerified(t, 'rui.scope@exemplo.pt'));
  expect(ana).toMatchObject({
    email: 'ana.scope@exemplo.pt',
    actor: { kind: 'main' },
    plan: { planId: 'free', subscribed: false, monthlyInvoiceLimit: 15 },
  });
  expect(rui.email).toBe('rui.scope@exemplo.pt');
  expect(ana.accountId).not.toBe(rui.accountId);
});

test('a session served from the cache costs no query: neither the session nor the plan', async () => {
  const cookie = await signUpVerified(t, 'cache.scope@exemplo.pt');
  const lookups = vi.spyOn(t.auth.api, 'getSession');
  queries.count = 0;
  await me(cookie);
  expect(lookups).toHaveBeenCalledTimes(1);
  expect(queries.count).toBe(1);
  for (let i = 0; i < 3; i++) await me(cookie);
  expect(lookups).toHaveBeenCalledTimes(1);
  expect(queries.count).toBe(1);
});

test('a plan change applies to the very next request, cached session or not', async () => {
  const cookie = await signUpVerified(t, 'muda.scope@exemplo.pt');
  const { accountId } = await me(cookie);
  expect((await me(cookie)).plan.planId).toBe('free');
  await setManualPlan(t.db.db, { accountId, planId: 'professional' });
  // What every plan change publishes (plan-changes.ts grantPlan, the billing webhooks).
  await t.events.publish(accountId, { type: 'subscription.changed' });
  expect((await me(cookie)).plan).toMatchObject({
    planId: 'professional',
    monthlyInvoiceLimit: 120,
  });
});

test('a plan that lapses by date is Gratuito from that moment, without any invalidation', async () => {
  const cookie = await signUpVerified(t, 'caduca.scope@exemplo.pt');
  const { accountId } = await me(cookie);
  const endsAt = new Date(Date.now() + 60 * 60_000);
  await setManualPlan(t.db.db, { accountId, planId: 'enterprise_500', endsAt });
  await t.events.publish(accountId, { type: 'subscription.changed' });
  expect((await me(cookie)).plan.planId).toBe('enterprise_500');
  const lookups = vi.spyOn(t.auth.api, 'getSession');
  // Only the calendar moves: the session stays cached (its TTL runs on performance.now()).
  vi.useFakeTimers({ toFake: ['Date'], now: endsAt.getTime() + 1 });
  expect((await me(cookie)).plan.planId).toBe('free');
  expect(lookups).not.toHaveBeenCalled();
});

test('another account’s plan change leaves this session cached', async () => {
  const cookie = await signUpVerified(t, 'fica.scope@exemplo.pt');
  const other = await me(await signUpVerified(t, 'outra.scope@exemplo.pt'));
  await me(cookie);
  const lookups = vi.spyOn(t.auth.api, 'getSession');
  await t.events.publish(other.accountId, { type: 'subscription.changed' });
  await me(cookie);
  expect(lookups).not.toHaveBeenCalled();
});
