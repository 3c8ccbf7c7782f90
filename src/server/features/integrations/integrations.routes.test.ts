// /api/integrations: the feed's secret made, shown once, rotated and revoked, for the roles and
// plans that may (issue 17 point 2, spec accounts §6), and gone with its account.
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { accounts, feedSecrets } from '#server/db/schema/index.ts';
import { FEED_TOKEN_PATTERN } from '#shared/schemas/feed.ts';
import {
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type SignedInTestApp,
  refusalOf,
} from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { hashFeedToken } from './feed-token.ts';
import { createFeed, feedAccount, readFeed } from './feed-test-helpers.ts';

const db = await createTestDb();
const apps: SignedInTestApp[] = [];

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

async function account(options: Parameters<typeof feedAccount>[1] = {}) {
  const t = await feedAccount(db, options);
  apps.push(t);
  return t;
}

/** Each management route, as the page calls it. */
const ROUTES = [
  ['GET', '/api/integrations/feed'],
  ['POST', '/api/integrations/feed'],
  ['POST', '/api/integrations/feed/rotate'],
  ['DELETE', '/api/integrations/feed'],
] as const;

function send(t: SignedInTestApp, method: string, path: string) {
  return t.app.request(path, {
    method,
    headers: { cookie: t.cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
}

const storedRow = async (accountId: string) =>
  (await db.db.select().from(feedSecrets).where(eq(feedSecrets.accountId, accountId)))[0];

test('a new secret is shown once: its token and URLs in the answer, only its hash stored', async () => {
  const t = await account();
  const none = await t.client.api.integrations.feed.$get();
  expect(await none.json()).toEqual({ feed: null });

  const revealed = await createFeed(t);
  expect(revealed.token).toMatch(FEED_TOKEN_PATTERN);
  expect(revealed.paths).toEqual({
    sheets: `/api/feed/${revealed.token}/faturas.csv`,
    excel: `/api/feed/${revealed.token}/faturas.csv?format=excel`,
  });
  expect(revealed.feed).toEqual({ issuedAt: expect.any(String), lastUsedAt: null });
  const status = await t.client.api.integrations.feed.$get();
  expect(status.headers.get('cache-control')).toBe('no-store');
  const body = await status.json();
  expect(body).toEqual({ feed: revealed.feed });
  expect(JSON.stringify(body)).not.toContain(revealed.token);
  const row = await storedRow(t.accountId);
  expect(row?.tokenHash).toBe(hashFeedToken(revealed.token));
  expect(Object.values(row ?? {}).map(String)).not.toContain(revealed.token);
});

test('a second secret is refused 409 while one exists, and the first URL still answers', async () => {
  const t = await account();
  const first = await createFeed(t);
  const again = await t.client.api.integrations.feed.$post();
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({
    error: {
      code: 'FEED_EXISTS',
      message: 'Já existe um endereço de feed. Gere um novo ou revogue o atual.',
    },
  });
  expect((await readFeed(t, first.paths.sheets)).status).toBe(200);
});

test('rotating replaces the token and its date; revoking removes the secret', async () => {
  const t = await account();
  const first = await createFeed(t);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const res = await t.client.api.integrations.feed.rotate.$post();
  expect(res.status).toBe(200);
  const rotated = await res.json();
  expect(rotated.token).not.toBe(first.token);
  expect(Date.parse(rotated.feed.issuedAt)).toBeGreaterThan(Date.parse(first.feed.issuedAt));
  expect((await storedRow(t.accountId))?.tokenHash).toBe(hashFeedToken(rotated.token));

  expect((await t.client.api.integrations.feed.$delete()).status).toBe(204);
  expect(await storedRow(t.accountId)).toBeUndefined();
  expect(await (await t.client.api.integrations.feed.$get()).json()).toEqual({ feed: null });
  // A new one may be made after a revocation.
  expect((await createFeed(t)).token).toMatch(FEED_TOKEN_PATTERN);
});

test('rotating or revoking without a secret answers 404 FEED_NOT_FOUND', async () => {
  const t = await account();
  for (const res of [
    await t.client.api.integrations.feed.rotate.$post(),
    await t.client.api.integrations.feed.$delete(),
  ]) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'FEED_NOT_FOUND', message: 'Ainda não existe um endereço de feed.' },
    });
  }
});

test('on Gratuito and Personal every route is refused PLAN_REQUIRED, naming Empresarial 500', async () => {
  for (const plan of ['free', 'professional'] as const) {
    const t = await account({ plan });
    for (const [method, path] of ROUTES) {
      const res = await send(t, method, path);
      expect(res.status, `${plan} ${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: 'PLAN_REQUIRED',
          message: 'As integrações estão disponíveis a partir do plano Empresarial 500.',
          details: {
            feature: 'integrations',
            requiredPlan: 'enterprise_500',
            upgradeUrl: '/subscription?autostart=enterprise_500',
          },
        },
      });
    }
    expect(await storedRow(t.accountId)).toBeUndefined();
  }
});

test('a manager or a user is refused 403 FORBIDDEN; an administrator manages the secret', async () => {
  for (const actAs of ['manager', 'user', 'pending'] as const) {
    const t = await account({ actAs });
    for (const [method, path] of ROUTES) {
      const res = await send(t, method, path);
      expect(res.status, `${actAs} ${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: refusalOf(actAs) });
    }
    expect(await storedRow(t.accountId)).toBeUndefined();
  }
  const admin = await account({ actAs: 'administrator' });
  const feed = await createFeed(admin);
  expect((await readFeed(admin, feed.paths.sheets)).status).toBe(200);
});

test('without a session every route answers 401', async () => {
  const t = await account();
  for (const [method, path] of ROUTES) {
    const res = await t.app.request(path, {
      method,
      headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
    });
    expect(res.status, `${method} ${path}`).toBe(401);
  }
});

test('the secret is deleted with its account, and its URL answers 404', async () => {
  const t = await account();
  const feed = await createFeed(t);
  await db.db.delete(accounts).where(eq(accounts.id, t.accountId));
  expect(await storedRow(t.accountId)).toBeUndefined();
  expect((await readFeed(t, feed.paths.sheets)).status).toBe(404);
});
