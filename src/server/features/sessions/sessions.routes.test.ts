// /api/sessions (issue 20 point 5): the signed-in person's sessions, each other one ended on
// its own or all at once — and, ended here, forgotten at once by every other server's session
// cache (the 'sessions.revoked' event), not served from it for a few more seconds.
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { authSessions } from '#server/db/schema/index.ts';
import { createAuth } from '#server/features/auth/auth.ts';
import {
  cookiesOf,
  postJson,
  signUpVerified,
  TEST_PASSWORD,
} from '#server/features/auth/test-helpers.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

type SessionDto = {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  isCurrent: boolean;
};

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(app: TestApp, email: string, userAgent: string): Promise<string> {
  const res = await postJson(
    app,
    '/api/auth/sign-in/email',
    { email, password: TEST_PASSWORD },
    { 'user-agent': userAgent },
  );
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

/** A verified person with two more sessions: a phone's and a laptop's. */
async function person() {
  sequence += 1;
  const email = `sessoes${sequence}.${Date.now()}@exemplo.pt`;
  const first = await signUpVerified(t, email);
  const phone = await signIn(t, email, PHONE_UA);
  const laptop = await signIn(t, email, LAPTOP_UA);
  return { email, first, phone, laptop };
}

function call(app: { app: TestApp['app'] }, method: string, path: string, cookie: string) {
  return app.app.request(
    path,
    { method, headers: { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN } },
    LOOPBACK_ENV,
  );
}

async function sessionsOf(cookie: string): Promise<SessionDto[]> {
  const res = await call(t, 'GET', '/api/sessions', cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: SessionDto[] }).sessions;
}

test('the list shows each session with its device, this one first and marked', async () => {
  const { phone } = await person();
  const sessions = await sessionsOf(phone);
  expect(sessions).toHaveLength(3);
  expect(sessions[0]).toMatchObject({ device: 'Chrome em Android', isCurrent: true });
  expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
  expect(sessions.map((s) => s.device)).toContain('Safari em macOS');
  for (const session of sessions) {
    expect(Date.parse(session.createdAt)).not.toBeNaN();
    expect(Date.parse(session.lastActiveAt)).not.toBeNaN();
  }
  // No token leaves the server: only ids.
  expect(JSON.stringify(sessions)).not.toMatch(/token/i);
});

test('ending another session signs that browser out at once; this one stays', async () => {
  const { phone, laptop } = await person();
  // The laptop has been seen (its session is in this server's cache now).
  expect((await call(t, 'GET', '/api/profile', laptop)).status).toBe(200);
  const target = (await sessionsOf(phone)).find((s) => s.device === 'Safari em macOS');

  const res = await call(t, 'DELETE', `/api/sessions/${target?.id}`, phone);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ended: true });
  const after = await call(t, 'GET', '/api/profile', laptop);
  expect(after.status).toBe(401);
  expect((await call(t, 'GET', '/api/profile', phone)).status).toBe(200);
  expect((await sessionsOf(phone)).map((s) => s.device)).not.toContain('Safari em macOS');
});

test('the current session is not ended here, and an unknown one is not found', async () => {
  const { phone } = await person();
  const current = (await sessionsOf(phone)).find((s) => s.isCurrent);
  const own = await call(t, 'DELETE', `/api/sessions/${current?.id}`, phone);
  expect(own.status).toBe(400);
  expect(await own.json()).toEqual({
    error: {
      code: 'CURRENT_SESSION',
      message: 'Esta é a sessão que está a usar: para a terminar, use «Sair».',
    },
  });
  const unknown = await call(t, 'DELETE', '/api/sessions/naoExiste123', phone);
  expect(unknown.status).toBe(404);
  expect((await unknown.json()).error.code).toBe('SESSION_NOT_FOUND');
});

test("another person's session is neither listed nor ended", async () => {
  const ana = await person();
  const bruno = await person();
  const brunosLaptop = (await sessionsOf(bruno.phone)).find((s) => s.device === 'Safari em macOS');
  const anaIds = (await sessionsOf(ana.phone)).map((s) => s.id);
  expect(anaIds).not.toContain(brunosLaptop?.id);

  const res = await call(t, 'DELETE', `/api/sessions/${brunosLaptop?.id}`, ana.phone);
  expect(res.status).toBe(404);
  expect((await call(t, 'GET', '/api/profile', bruno.laptop)).status).toBe(200);
  const [row] = await t.db.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.id, brunosLaptop?.id ?? ''));
  expect(row).toBeDefined();
});

test("'Terminar todas as outras' ends every session but this one", async () => {
  const { first, phone, laptop } = await person();
  const res = await call(t, 'POST', '/api/sessions/revoke-others', phone);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ended: 2 });
  expect((await call(t, 'GET', '/api/profile', first)).status).toBe(401);
  expect((await call(t, 'GET', '/api/profile', laptop)).status).toBe(401);
  const left = await sessionsOf(phone);
  expect(left).toEqual([expect.objectContaining({ isCurrent: true })]);
});

test('a session ended on one server is refused at once by another that had it cached', async () => {
  // A second server on the same database and event bus, with its own Better Auth and so its
  // own session cache (as two instances behind a load balancer).
  const logger = pino({ level: 'silent' });
  const secret = 'test-session-secret-'.padEnd(48, 'x');
  const mailer = createMailer({ db: t.db.db, logger, devMailbox: true });
  const auth = createAuth({ db: t.db.db, mailer, logger, baseURL: TEST_ORIGIN, secret });
  const other = {
    app: createApp({
      db: t.db,
      logger,
      auth,
      mailer,
      storage: createStorage({ root: '/tmp/papelada-sessions-test', secret }),
      events: t.events,
      cipher: t.cipher,
      config: { devMailbox: true, googleEnabled: false, dataDir: '', sessionSecret: secret },
    }),
  };
  const { phone, laptop } = await person();
  // The laptop's session is looked up, and cached, by the other server.
  expect((await call(other, 'GET', '/api/profile', laptop)).status).toBe(200);
  const target = (await sessionsOf(phone)).find((s) => s.device === 'Safari em macOS');

  expect((await call(t, 'DELETE', `/api/sessions/${target?.id}`, phone)).status).toBe(200);
  // Well within the cache's few seconds: only the event can have told the other server.
  expect((await call(other, 'GET', '/api/profile', laptop)).status).toBe(401);
});

test("'Última atividade' follows a session's use, written at most every few minutes", async () => {
  const { phone, laptop } = await person();
  const laptopRow = (await sessionsOf(phone)).find((s) => s.device === 'Safari em macOS');
  const longAgo = new Date(Date.now() - 60 * 60_000);
  await t.db.db
    .update(authSessions)
    .set({ updatedAt: longAgo })
    .where(eq(authSessions.id, laptopRow?.id ?? ''));
  const seen = async () =>
    Date.parse((await sessionsOf(phone)).find((s) => s.id === laptopRow?.id)?.lastActiveAt ?? '');
  expect(await seen()).toBe(longAgo.getTime());

  // The laptop opens a page (its first request: no cached session).
  expect((await call(t, 'GET', '/api/profile', laptop)).status).toBe(200);
  expect(await seen()).toBeGreaterThan(Date.now() - 60_000);
});
