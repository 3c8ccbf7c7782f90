import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { errorOf, invoiceApi } from '#server/features/invoices/invoice-test-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

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

afterAll(async () => {
  await t.close();
  await off.close();
});

test('a new account is on Gratuito; switching to Personal sets its plan and its monthly limit', async () => {
  const api = invoiceApi(t, cookie);
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
  const res = await invoiceApi(t, cookie).send('POST', '/api/dev/plan', { planId: 'gold' });
  expect(res.status).toBe(400);
  expect((await errorOf(res)).issues?.[0]?.message).toBe('Plano desconhecido.');
  expect((await t.app.request('/api/dev/plan')).status).toBe(401);
});

test('with the dev mailbox off (production) the switch does not exist, before any sign-in', async () => {
  expect((await off.app.request('/api/dev/plan')).status).toBe(404);
});
