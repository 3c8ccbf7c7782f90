import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, expect, test } from 'vitest';
import { handleError } from '#server/http/errors.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { requireAccount } from './require-account.ts';
import { signUpVerified } from './test-helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

// A protected route as a feature would write one: the account id comes from the session.
const app = new Hono()
  .use(requireAccount(t.auth))
  .get('/me', (c) => c.json({ accountId: c.var.accountId, email: c.var.user.email }))
  .onError((err, c) => handleError(err, c, pino({ level: 'silent' })));

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

test('each session sees its own account id and user', async () => {
  const anaCookie = await signUpVerified(t, 'ana.req@exemplo.pt');
  const ruiCookie = await signUpVerified(t, 'rui.req@exemplo.pt');
  const ana = (await (await app.request('/me', { headers: { cookie: anaCookie } })).json()) as {
    accountId: string;
    email: string;
  };
  const rui = (await (await app.request('/me', { headers: { cookie: ruiCookie } })).json()) as {
    accountId: string;
    email: string;
  };
  expect(ana.email).toBe('ana.req@exemplo.pt');
  expect(rui.email).toBe('rui.req@exemplo.pt');
  expect(ana.accountId).not.toBe(rui.accountId);
});
