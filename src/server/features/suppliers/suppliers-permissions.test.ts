import { afterAll, expect, test } from 'vitest';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type ActAs,
  type SignedInTestApp,
  refusalOf,
} from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';

// Team sessions do not exist yet, so each app acts as one kind of actor for every signed-in
// request (createTestApp `actAs`): the real app, routes and gates, one database. Each account
// is on Personal (automatic capture included), so only the role can refuse.
const db = await createTestDb();
const apps: SignedInTestApp[] = [];

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

const send = (t: SignedInTestApp, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/suppliers${path}`, {
    method,
    headers: {
      cookie: t.cookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The status of list, read, create, edit and delete for an actor. */
async function statusesFor(actAs: ActAs) {
  const t = await createTestApp({ db, actAs, plan: 'professional' });
  apps.push(t);
  const supplier = await insertSupplier(db.db, t.accountId);
  const body = { name: 'Papelaria Aurora', nif: nextNif() };
  return {
    list: (await send(t, 'GET', '')).status,
    read: (await send(t, 'GET', `/${supplier.id}`)).status,
    byNif: (await send(t, 'GET', `/by-nif/${supplier.nif}`)).status,
    lookup: (await send(t, 'GET', `/lookup?nif=${supplier.nif}`)).status,
    create: (await send(t, 'POST', '', body)).status,
    edit: (await send(t, 'PATCH', `/${supplier.id}`, { ...body, nif: supplier.nif })).status,
    remove: (await send(t, 'DELETE', `/${supplier.id}`)).status,
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
  expect(await statusesFor('main')).toEqual(all);
  expect(await statusesFor('administrator')).toEqual(all);
});

test('a manager may create and edit suppliers but not delete them', async () => {
  expect(await statusesFor('manager')).toEqual({
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
  expect(await statusesFor('user')).toEqual({
    list: 200,
    read: 200,
    byNif: 200,
    lookup: 200,
    create: 403,
    edit: 403,
    remove: 403,
  });
});

test('before a profile is chosen nothing is allowed, with the profile-selection message', async () => {
  expect(await statusesFor('pending')).toEqual({
    list: 403,
    read: 403,
    byNif: 403,
    lookup: 403,
    create: 403,
    edit: 403,
    remove: 403,
  });
  const t = apps.at(-1);
  if (!t) throw new Error('no app');
  expect(await (await send(t, 'GET', '')).json()).toEqual({ error: refusalOf('pending') });
});
