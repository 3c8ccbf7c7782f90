import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  peerEnv,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

let t: TestApp;
let off: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  off = await createTestApp({
    config: { devMailbox: false, googleEnabled: false, dataDir: '', sessionSecret: 'x'.repeat(48) },
  });
  cookie = await signUpVerified(t, 'plano@exemplo.pt');
});

/** Requests as the signed-in web client sends them, from `peer` (this machine by default). */
function devApi(app: TestApp, session: string, env: object = LOOPBACK_ENV) {
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      app.app.request(path, { headers: { cookie: session, ...headers } }, env),
    send: (method: 'POST', path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.app.request(
        path,
        {
          method,
          headers: {
            cookie: session,
            origin: TEST_ORIGIN,
            'x-csrf-token': TEST_CSRF_TOKEN,
            'content-type': 'application/json',
            ...headers,
          },
          body: JSON.stringify(body),
        },
        env,
      ),
  };
}

afterAll(async () => {
  await t.close();
  await off.close();
});

test('a new account is on Gratuito; switching to Personal sets its plan and its monthly limit', async () => {
  const api = devApi(t, cookie);
  expect(await (await api.get('/api/dev/plan')).json()).toEqual({
    planId: 'free',
    monthlyInvoiceLimit: 15,
  });
  const changed = await api.send('POST', '/api/dev/plan', { planId: 'professional' });
  expect(changed.status).toBe(200);
  expect(await changed.json()).toEqual({ planId: 'professional', monthlyInvoiceLimit: 120 });
  const profile = await (await api.get('/api/profile')).json();
  expect(profile).toMatchObject({ planId: 'professional', monthlyInvoiceLimit: 120 });
  const counter = await (await api.get('/api/invoices/counter')).json();
  expect(counter).toMatchObject({ monthly_limit: 120 });
});

test('an unknown plan is refused in Portuguese; without a session it is 401', async () => {
  const res = await devApi(t, cookie).send('POST', '/api/dev/plan', { planId: 'gold' });
  expect(res.status).toBe(400);
  expect((await errorOf(res)).issues?.[0]?.message).toBe('Plano desconhecido.');
  expect((await t.app.request('/api/dev/plan', {}, LOOPBACK_ENV)).status).toBe(401);
});

test('with the dev mailbox off (production) the switch does not exist, before any sign-in', async () => {
  expect((await off.app.request('/api/dev/plan', {}, LOOPBACK_ENV)).status).toBe(404);
});

test('the switch answers this machine only: another peer, another Host or a proxy get 404', async () => {
  const notFound = { error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } };
  const fromElsewhere = devApi(t, cookie, peerEnv('198.51.100.4'));
  const local = devApi(t, cookie);
  for (const res of [
    await fromElsewhere.get('/api/dev/plan'),
    await fromElsewhere.send('POST', '/api/dev/plan', { planId: 'business' }),
    await local.get('/api/dev/plan', { host: 'evil.example' }),
    await local.send('POST', '/api/dev/plan', { planId: 'business' }, { host: 'rebind.evil:80' }),
    await local.get('/api/dev/plan', { 'x-forwarded-for': '203.0.113.9' }),
    await local.send('POST', '/api/dev/plan', { planId: 'business' }, { forwarded: 'for=1.2.3.4' }),
  ]) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound);
  }
  // Nothing was switched; from this machine, naming it, it still answers.
  const res = await local.get('/api/dev/plan', { host: 'localhost:3000' });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ planId: 'professional' });
});
