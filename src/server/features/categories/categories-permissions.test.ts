import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { AccountEnv } from '#server/features/auth/require-account.ts';
import { PERMISSION_MESSAGES } from '#server/features/auth/require-permission.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { handleError } from '#server/http/errors.ts';
import type { Actor } from '#shared/permissions.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { categoryHandlers } from './categories.routes.ts';

// requireAccount always sets the main user until team sessions exist, so the routes are mounted
// here behind a stand-in that sets the actor: the same handlers the app mounts, each kind of actor.
let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await accountIdOf(t, await signUpVerified(t, 'permissoes@exemplo.pt'));
});

afterAll(async () => {
  await t.close();
});

function appActingAs(actor: Actor) {
  const logger = pino({ level: 'silent' });
  return new Hono<AccountEnv>()
    .use(
      createMiddleware<AccountEnv>(async (c, next) => {
        c.set('accountId', accountId);
        c.set('actor', actor);
        await next();
      }),
    )
    .route('/', categoryHandlers({ db: t.db.db, events: t.events }))
    .onError((err, c) => handleError(err, c, logger));
}

const send = (app: ReturnType<typeof appActingAs>, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const body = { name: 'Ginásio', icon: 'dumbbell', color: 'pink' };

test('without canManageCategories an actor may list categories but not create, edit or delete one', async () => {
  const existing = await insertCustomCategory(t.db.db, accountId, { name: 'Viagens' });
  for (const actor of [
    { kind: 'sub-user', role: 'manager', subUserId: 's1' },
    { kind: 'sub-user', role: 'user', subUserId: 's2' },
    { kind: 'pending' },
  ] satisfies Actor[]) {
    const app = appActingAs(actor);
    expect((await send(app, 'GET', '/')).status).toBe(200);
    for (const res of [
      await send(app, 'POST', '/', body),
      await send(app, 'PATCH', `/${existing.id}`, body),
      await send(app, 'DELETE', `/${existing.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'FORBIDDEN', message: PERMISSION_MESSAGES.forbidden },
      });
    }
  }
  const listed = await (await send(appActingAs({ kind: 'main' }), 'GET', '/')).json();
  expect(listed).toMatchObject({ custom: [{ id: existing.id, name: 'Viagens' }] });
});

test('the main user and an administrator may manage categories', async () => {
  const main = appActingAs({ kind: 'main' });
  expect((await send(main, 'POST', '/', body)).status).toBe(201);
  const admin = appActingAs({ kind: 'sub-user', role: 'administrator', subUserId: 's3' });
  const res = await send(admin, 'POST', '/', { ...body, name: 'Animais' });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect((await send(admin, 'PATCH', `/${id}`, { ...body, name: 'Bichos' })).status).toBe(200);
  expect((await send(admin, 'DELETE', `/${id}`)).status).toBe(204);
});
