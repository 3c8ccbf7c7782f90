// The request scope (request-scope.ts) serves a session it looked up in the last few seconds from memory
// (session-cache.ts); these tests hold it to "revocation stays immediate": a cookie saved
// before a sign-out, a revocation or a password change is refused right after it, on the
// server that ended the session and on every other server of the same database.
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInProcessEventBus, type EventBus } from '#server/services/events/event-bus.ts';
import { createPostgresEventBus } from '#server/services/events/postgres-event-bus.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { sessionCacheOf } from './auth.ts';
import { createSessionCache } from './session-cache.ts';
import { cookiesOf, postJson, signUpVerified, TEST_PASSWORD } from './test-helpers.ts';

const PROTECTED = '/api/invoices/counter';

type Profile = { accountId: string; planId: string };

/** Two servers on one database, as two instances behind a load balancer. */
type Servers = { a: TestApp; b: TestApp; close(): Promise<void> };

async function twoServers(bus: (index: number) => Promise<EventBus>): Promise<Servers> {
  const db = await createTestDb();
  const a = await createTestApp({ db, events: await bus(0) });
  const b = await createTestApp({ db, events: await bus(1) });
  return {
    a,
    b,
    // Each closes its bus; the database once, last.
    close: async () => {
      await a.events.close();
      await b.events.close();
      await db.close();
    },
  };
}

const status = async (t: TestApp, cookie: string) =>
  (await t.app.request(PROTECTED, { headers: { cookie } })).status;

async function signIn(t: TestApp, email: string): Promise<string> {
  const res = await postJson(t, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

function revocationTests(open: () => Promise<Servers>) {
  let servers: Servers;
  beforeAll(async () => {
    servers = await open();
  });
  afterAll(() => servers.close());

  test('a session is served from the cache once looked up', async () => {
    const { a } = servers;
    const cookie = await signUpVerified(a, `cache.${randomBytes(4).toString('hex')}@exemplo.pt`);
    const before = sessionCacheOf(a.auth).size;
    expect(await status(a, cookie)).toBe(200);
    expect(sessionCacheOf(a.auth).size).toBe(before + 1);
    expect(await status(a, cookie)).toBe(200);
  });

  test('a cookie saved before sign-out is refused right after it, on every server', async () => {
    const { a, b } = servers;
    const cookie = await signUpVerified(a, `sai.${randomBytes(4).toString('hex')}@exemplo.pt`);
    // Both servers have it cached.
    expect(await status(a, cookie)).toBe(200);
    expect(await status(b, cookie)).toBe(200);

    const out = await postJson(a, '/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);

    expect(await status(a, cookie)).toBe(401);
    expect(await status(b, cookie)).toBe(401);
  });

  test('revoke-sessions ends every session of the user on every server', async () => {
    const { a, b } = servers;
    const email = `revoga.${randomBytes(4).toString('hex')}@exemplo.pt`;
    const first = await signUpVerified(a, email);
    const second = await signIn(b, email);
    for (const cookie of [first, second]) {
      expect(await status(a, cookie)).toBe(200);
      expect(await status(b, cookie)).toBe(200);
    }

    const revoked = await postJson(b, '/api/auth/revoke-sessions', {}, { cookie: second });
    expect(revoked.status).toBe(200);

    for (const cookie of [first, second]) {
      expect(await status(a, cookie)).toBe(401);
      expect(await status(b, cookie)).toBe(401);
    }
  });

  test('a password change that revokes the other sessions refuses them on every server', async () => {
    const { a, b } = servers;
    const email = `muda.${randomBytes(4).toString('hex')}@exemplo.pt`;
    const kept = await signUpVerified(a, email);
    const other = await signIn(a, email);
    expect(await status(a, other)).toBe(200);
    expect(await status(b, other)).toBe(200);

    const changed = await postJson(
      a,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'novaSenha12', revokeOtherSessions: true },
      { cookie: kept },
    );
    expect(changed.status).toBe(200);

    expect(await status(a, other)).toBe(401);
    expect(await status(b, other)).toBe(401);
  });

  test('a plan change on one server applies on every server, cached sessions included', async () => {
    const { a, b } = servers;
    const cookie = await signUpVerified(a, `plano.${randomBytes(4).toString('hex')}@exemplo.pt`);
    const planOf = async (t: TestApp) =>
      ((await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as Profile)
        .planId;
    // Both servers have the session cached, with Gratuito.
    expect(await planOf(a)).toBe('free');
    expect(await planOf(b)).toBe('free');
    const { accountId } = (await (
      await a.app.request('/api/profile', { headers: { cookie } })
    ).json()) as Profile;

    await grantPlan({ db: a.db.db, events: a.events }, { accountId, planId: 'professional' });

    expect(await planOf(a)).toBe('professional');
    // At once: grantPlan returned after every server had forgotten the cached plan.
    expect(await planOf(b)).toBe('professional');
  });
}

describe('two servers sharing an in-process bus', () => {
  const shared = createInProcessEventBus();
  // One bus object for both: close() on it twice is harmless.
  revocationTests(() => twoServers(() => Promise.resolve(shared)));
});

// CI runs the api project again against PostgreSQL 15 with TEST_DATABASE_URL set: then the
// servers hear each other only through LISTEN/NOTIFY, as separate processes would.
const serverUrl = process.env.TEST_DATABASE_URL;
describe.runIf(serverUrl)('two servers, each with its PostgreSQL bus', () => {
  const channel = `papelada_test_${randomBytes(6).toString('hex')}`;
  revocationTests(() =>
    twoServers(() =>
      createPostgresEventBus({
        connectionString: serverUrl ?? '',
        logger: pino({ level: 'silent' }),
        channel,
      }),
    ),
  );
});

test('a lookup that overlapped a revocation is not cached', () => {
  const cache = createSessionCache<string>();
  const lookupStartedAt = performance.now();
  void cache.revokeUser('ana');
  cache.set('cookie', {
    userId: 'ana',
    value: 'sessão lida antes da revogação',
    sessionExpiresAt: new Date(Date.now() + 60_000),
    lookupStartedAt,
  });
  expect(cache.get('cookie')).toBeUndefined();
});

test('an entry lives no longer than its TTL nor its session', () => {
  const cache = createSessionCache<string>({ ttlMs: 60_000 });
  const lookupStartedAt = performance.now();
  cache.set('expirada', {
    userId: 'rui',
    value: 'x',
    sessionExpiresAt: new Date(Date.now() - 1),
    lookupStartedAt,
  });
  expect(cache.get('expirada')).toBeUndefined();
  const short = createSessionCache<string>({ ttlMs: 0 });
  short.set('curta', {
    userId: 'rui',
    value: 'x',
    sessionExpiresAt: new Date(Date.now() + 60_000),
    lookupStartedAt,
  });
  expect(short.get('curta')).toBeUndefined();
});
