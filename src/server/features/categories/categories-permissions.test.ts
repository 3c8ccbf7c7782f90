import { afterAll, expect, test } from 'vitest';
import { CAPABILITY_MESSAGES } from '#server/features/auth/require-capability.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
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
// is on Empresarial, so only the role can refuse.
const db = await createTestDb();
const apps: SignedInTestApp[] = [];

async function appActingAs(actAs: ActAs): Promise<SignedInTestApp> {
  const t = await createTestApp({ db, actAs, plan: 'enterprise_1000' });
  apps.push(t);
  return t;
}

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

const send = (t: SignedInTestApp, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/categories${path}`, {
    method,
    headers: {
      cookie: t.cookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const body = { name: 'Ginásio', icon: 'dumbbell', color: 'pink' };

test('without canManageCategories an actor may list categories but not create, edit or delete one', async () => {
  for (const actAs of ['manager', 'user'] as const) {
    const t = await appActingAs(actAs);
    const existing = await insertCustomCategory(db.db, t.accountId, { name: 'Viagens' });
    expect((await send(t, 'GET', '')).status).toBe(200);
    for (const res of [
      await send(t, 'POST', '', body),
      await send(t, 'PATCH', `/${existing.id}`, body),
      await send(t, 'DELETE', `/${existing.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'FORBIDDEN', message: CAPABILITY_MESSAGES.forbidden },
      });
    }
    const listed = await (await send(t, 'GET', '')).json();
    expect(listed).toMatchObject({ custom: [{ id: existing.id, name: 'Viagens' }] });
  }
});

test('the main user and an administrator may manage categories', async () => {
  const main = await appActingAs('main');
  expect((await send(main, 'POST', '', body)).status).toBe(201);
  const admin = await appActingAs('administrator');
  const res = await send(admin, 'POST', '', { ...body, name: 'Animais' });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect((await send(admin, 'PATCH', `/${id}`, { ...body, name: 'Bichos' })).status).toBe(200);
  expect((await send(admin, 'DELETE', `/${id}`)).status).toBe(204);
});

test('before a profile is chosen not even the list answers', async () => {
  const t = await appActingAs('pending');
  const res = await send(t, 'GET', '');
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ error: refusalOf('pending') });
});
