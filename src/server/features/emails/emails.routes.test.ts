import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devOutbox, emailAudit } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { passwordResetEmail } from '#server/services/mail/templates/password-reset-email.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

type History = {
  items: {
    id: string;
    to: string;
    type: string;
    subject: string;
    status: string;
    errorMessage: string | null;
    createdAt: string;
  }[];
};

let t: TestApp;
let cookie: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'historico@exemplo.pt');
  accountId = (
    (await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as {
      accountId: string;
    }
  ).accountId;
});

afterAll(async () => {
  await t.close();
});

async function history(as = cookie): Promise<History> {
  const res = await t.app.request('/api/emails', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as History;
}

function resend(id: string, as = cookie) {
  return t.app.request(`/api/emails/${id}/resend`, {
    method: 'POST',
    headers: { cookie: as, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
}

test('GET /api/emails needs a session', async () => {
  expect((await t.app.request('/api/emails')).status).toBe(401);
});

test('the history lists the account emails newest first, without their bodies', async () => {
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  await mailer.send({
    accountId,
    to: 'historico@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Ana', url: 'http://localhost/api/auth/reset-password/x' }),
  });
  const { items } = await history();
  expect(items.map((i) => i.type)).toEqual(['password_reset', 'verification']);
  expect(items[1]).toEqual({
    id: expect.any(String),
    to: 'historico@exemplo.pt',
    type: 'verification',
    subject: 'Confirme o seu email',
    status: 'sent',
    errorMessage: null,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(JSON.stringify(items)).not.toContain('token');
});

test('resend sends the same message again and answers ok', async () => {
  const { items } = await history();
  const verification = items.find((i) => i.type === 'verification');
  if (!verification) throw new Error('no verification email');
  const before = await t.db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'historico@exemplo.pt'));
  const res = await resend(verification.id);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  const after = await t.db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'historico@exemplo.pt'));
  expect(after).toHaveLength(before.length + 1);
});

test('a failed resend answers the spec code and message and marks the row failed', async () => {
  const { items } = await history();
  const reset = items.find((i) => i.type === 'password_reset');
  if (!reset) throw new Error('no reset email');
  // An address no server would take, as a bounced import might leave behind.
  await t.db.db
    .update(emailAudit)
    .set({ toAddress: 'historico-sem-dominio' })
    .where(and(eq(emailAudit.accountId, accountId), eq(emailAudit.id, reset.id)));
  const res = await resend(reset.id);
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: { code: 'INVALID_EMAIL', message: 'Endereço de email inválido' },
  });
  const row = (await history()).items.find((i) => i.id === reset.id);
  expect(row).toMatchObject({ status: 'failed', errorMessage: 'Endereço de email inválido' });
});

test('resend of an unknown or malformed id is 404', async () => {
  expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  const malformed = await resend('nao-e-um-uuid');
  expect(malformed.status).toBe(404);
  expect(await malformed.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  });
});
