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
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { supplierHandlers } from './suppliers.routes.ts';

// requireAccount always sets the main user until team sessions exist, so the routes are mounted
// here behind a stand-in that sets the actor: the same handlers the app mounts, each kind of actor.
let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await accountIdOf(t, await signUpVerified(t, 'permissoes@exemplo.pt'));
});

afterAll(() => t.close());

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
    .route('/', supplierHandlers({ db: t.db.db, events: t.events }))
    .onError((err, c) => handleError(err, c, logger));
}

const send = (app: ReturnType<typeof appActingAs>, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The status of list, read, create, edit and delete for an actor. */
async function statusesFor(actor: Actor) {
  const app = appActingAs(actor);
  const supplier = await insertSupplier(t.db.db, accountId);
  const body = { name: 'Papelaria Aurora', nif: nextNif() };
  return {
    list: (await send(app, 'GET', '/')).status,
    read: (await send(app, 'GET', `/${supplier.id}`)).status,
    byNif: (await send(app, 'GET', `/by-nif/${supplier.nif}`)).status,
    lookup: (await send(app, 'GET', `/lookup?nif=${supplier.nif}`)).status,
    create: (await send(app, 'POST', '/', body)).status,
    edit: (await send(app, 'PATCH', `/${supplier.id}`, { ...body, nif: supplier.nif })).status,
    remove: (await send(app, 'DELETE', `/${supplier.id}`)).status,
  };
}

test('the main user and an administrator may do everything', async () => {
  const all = {
    list: 200,
    read: 200,
    byNif: 200,
    lookup: 200,
    create: 201,
    edit: 200,
    remove: 204,
  };
  expect(await statusesFor({ kind: 'main' })).toEqual(all);
  expect(await statusesFor({ kind: 'sub-user', role: 'administrator', subUserId: 'a1' })).toEqual(
    all,
  );
});

test('a manager may create and edit suppliers but not delete them', async () => {
  expect(await statusesFor({ kind: 'sub-user', role: 'manager', subUserId: 'm1' })).toEqual({
    list: 200,
    read: 200,
    byNif: 200,
    lookup: 200,
    create: 201,
    edit: 200,
    remove: 403,
  });
});

test('any other role may only see suppliers', async () => {
  expect(await statusesFor({ kind: 'sub-user', role: 'user', subUserId: 'u1' })).toEqual({
    list: 200,
    read: 200,
    byNif: 200,
    lookup: 200,
    create: 403,
    edit: 403,
    remove: 403,
  });
});

test('before a profile is chosen nothing is allowed, with the permission message', async () => {
  expect(await statusesFor({ kind: 'pending' })).toEqual({
    list: 403,
    read: 403,
    byNif: 403,
    lookup: 403,
    create: 403,
    edit: 403,
    remove: 403,
  });
  const res = await send(appActingAs({ kind: 'pending' }), 'GET', '/');
  expect(await res.json()).toEqual({
    error: { code: 'FORBIDDEN', message: PERMISSION_MESSAGES.forbidden },
  });
});
