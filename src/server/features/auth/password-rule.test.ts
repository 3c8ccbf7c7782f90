// Issue 13 point 6: /configuracoes password change applies the reset rule on the server too
// (at least 8 characters, a letter and a digit), in the one error shape, in pt-PT.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { postJson, signUpVerified, TEST_PASSWORD } from './test-helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

let cookie = '';
beforeAll(async () => {
  cookie = await signUpVerified(t, 'muda-senha@exemplo.pt');
});

const change = (newPassword: unknown, currentPassword = TEST_PASSWORD, as = cookie) =>
  postJson(
    t,
    '/api/auth/change-password',
    { currentPassword, newPassword },
    as ? { cookie: as } : {},
  );

test.each([
  ['seven77', AUTH_MESSAGES.resetPasswordMin8, 'PASSWORD_TOO_SHORT'],
  ['abc12', AUTH_MESSAGES.resetPasswordMin8, 'PASSWORD_TOO_SHORT'],
  ['soletrasapenas', AUTH_MESSAGES.resetPasswordLetterDigit, 'VALIDATION'],
  ['1234567890', AUTH_MESSAGES.resetPasswordLetterDigit, 'VALIDATION'],
])('a new password %j is refused: %s', async (newPassword, message, code) => {
  const res = await change(newPassword);
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: { code, message, issues: [{ path: 'newPassword', message }] },
  });
});

test('signed out is still a 401, whatever the new password', async () => {
  const res = await change('curta', TEST_PASSWORD, '');
  expect(res.status).toBe(401);
});

test('a password of 8+ characters with a letter and a digit is changed', async () => {
  const res = await change('novaSenha9');
  expect(res.status).toBe(200);
  const signIn = await postJson(t, '/api/auth/sign-in/email', {
    email: 'muda-senha@exemplo.pt',
    password: 'novaSenha9',
  });
  expect(signIn.status).toBe(200);
});
