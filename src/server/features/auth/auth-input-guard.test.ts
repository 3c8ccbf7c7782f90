import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES } from '#server/http/errors.ts';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { TEXT_MESSAGES } from '#shared/schemas/text.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { postJson, signUpVerified, TEST_PASSWORD } from './test-helpers.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'guarda@exemplo.pt');
});
afterAll(() => t.close());

const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      ...headers,
    },
    body,
  });

async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error).toMatchObject({ code: 'VALIDATION', message });
}

test('a body that is not a JSON object is refused before Better Auth reads it', async () => {
  for (const body of ['null', '[]', '42', '"guarda@exemplo.pt"', '{"email":']) {
    await expectRefused(await raw('/api/auth/sign-in/email', body), MESSAGES.validation);
  }
});

test('a NUL in an email, on sign-in, reset and verification, is a 400 with the pt-PT message', async () => {
  for (const path of [
    '/api/auth/sign-in/email',
    '/api/auth/request-password-reset',
    '/api/auth/send-verification-email',
  ]) {
    const res = await postJson(t, path, { email: 'guarda@exemplo.pt\u0000', password: 'x' });
    await expectRefused(res, TEXT_MESSAGES.invalidCharacters);
  }
});

test('a 1 MB email is refused as an invalid email, not hashed into keys', async () => {
  const email = `${'a'.repeat(300_000)}@exemplo.pt`;
  for (const path of ['/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
    await expectRefused(await postJson(t, path, { email }), AUTH_MESSAGES.invalidEmail);
  }
});

test('a reset token with a NUL, or a password that is not text, is refused', async () => {
  await expectRefused(
    await postJson(t, '/api/auth/reset-password', {
      token: 'abc\u0000',
      newPassword: 'segredo456',
    }),
    TEXT_MESSAGES.invalidCharacters,
  );
  await expectRefused(
    await postJson(t, '/api/auth/sign-in/email', { email: 'guarda@exemplo.pt', password: 123 }),
    AUTH_MESSAGES.passwordRequired,
  );
});

test('update-user refuses a null or hostile name and keeps working for a good one', async () => {
  for (const name of [null, 'Ana\u0000', 'Ana \u202Eacitsiv', 'x'.repeat(121)]) {
    const res = await postJson(t, '/api/auth/update-user', { name }, { cookie });
    expect(res.status).toBe(400);
  }
  expect((await postJson(t, '/api/auth/update-user', { name: 'Ana' }, { cookie })).status).toBe(
    200,
  );
});

test('a good sign-in and a body-less sign-out pass through untouched', async () => {
  const signIn = await postJson(t, '/api/auth/sign-in/email', {
    email: 'guarda@exemplo.pt',
    password: TEST_PASSWORD,
  });
  expect(signIn.status).toBe(200);
  const signOut = await t.app.request('/api/auth/sign-out', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN, cookie },
  });
  expect(signOut.status).toBe(200);
});
