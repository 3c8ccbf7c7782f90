// Issue 12.5: once the password is reset or changed, no reset link mailed before still works.
import { afterAll, expect, test } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { devOutbox } from '#server/db/schema/index.ts';
import {
  postJson,
  requestPasswordReset,
  RESET_SUBJECT,
  signUpVerified,
  TEST_PASSWORD,
} from './test-helpers.ts';

const t = await createTestApp();
let ipSequence = 0;
afterAll(() => t.close());

/** Asks for a reset link and returns its token (the one the emailed link carries). */
async function mailedResetToken(email: string): Promise<string> {
  const before = (await t.db.db.select().from(devOutbox)).length;
  // Each request from its own address: the reset limit (3 per address) is not under test.
  const res = await requestPasswordReset(t, email, `192.0.2.${++ipSequence}`);
  expect(res.status).toBe(200);
  const rows = await t.db.db.select().from(devOutbox);
  expect(rows.length).toBe(before + 1);
  const mail = rows.find((r, i) => i >= before && r.subject.includes(RESET_SUBJECT));
  const link = mail?.links.find((l) => l.includes('/api/auth/reset-password/'));
  const opened = await t.app.request(link ?? '');
  const token = new URL(opened.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get(
    'token',
  );
  if (!token) throw new Error('the reset link gave no token');
  return token;
}

const resetWith = (token: string, newPassword: string) =>
  postJson(t, '/api/auth/reset-password', { token, newPassword });

test('a reset with one link voids every other link mailed before it', async () => {
  await signUpVerified(t, 'dois.links@exemplo.pt');
  const first = await mailedResetToken('dois.links@exemplo.pt');
  const second = await mailedResetToken('dois.links@exemplo.pt');
  expect(second).not.toBe(first);

  expect((await resetWith(first, 'primeira1')).status).toBe(200);
  const again = await resetWith(second, 'segunda22');
  expect(again.status).toBe(400);
  expect(await again.json()).toEqual({
    error: { code: 'INVALID_TOKEN', message: 'Link de verificação inválido ou expirado' },
  });
  const signIn = (password: string) =>
    postJson(t, '/api/auth/sign-in/email', { email: 'dois.links@exemplo.pt', password });
  expect((await signIn('primeira1')).status).toBe(200);
});

test('changing the password while signed in voids the reset links mailed before', async () => {
  const cookie = await signUpVerified(t, 'muda@exemplo.pt');
  const token = await mailedResetToken('muda@exemplo.pt');
  const changed = await postJson(
    t,
    '/api/auth/change-password',
    { currentPassword: TEST_PASSWORD, newPassword: 'mudada123' },
    { cookie },
  );
  expect(changed.status).toBe(200);
  expect((await resetWith(token, 'ladrao123')).status).toBe(400);
});

test("a reset leaves other users' links alone", async () => {
  await signUpVerified(t, 'um@exemplo.pt');
  await signUpVerified(t, 'outro@exemplo.pt');
  const mine = await mailedResetToken('um@exemplo.pt');
  const theirs = await mailedResetToken('outro@exemplo.pt');
  expect((await resetWith(mine, 'nova12345')).status).toBe(200);
  expect((await resetWith(theirs, 'nova12345')).status).toBe(200);
});
