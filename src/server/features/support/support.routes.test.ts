// /api/support (issue 20 point 7): a signed-in person writes to support and reads the
// conversation back; bad text is refused in pt-PT before anything is stored; each message is
// emailed to SUPPORT_EMAIL when there is one (Reply-To the person); a flood is refused; another
// account, and another profile of the same account, never see the conversation.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devOutbox, emailAudit, supportMessages } from '#server/db/schema/index.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { TEXT_MESSAGES } from '#shared/schemas/text.ts';
import {
  SUPPORT_MESSAGE_ERRORS,
  SUPPORT_MESSAGE_MAX,
  type SupportMessageDto,
} from '#shared/schemas/support.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type SignedInTestApp,
} from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { addUserMessage, listConversation } from './support.queries.ts';
import { SUPPORT_MESSAGE_RULE } from './support.routes.ts';

const SUPPORT_EMAIL = 'suporte@papelada.pt';
const db = await createTestDb();
const apps: SignedInTestApp[] = [];

/** A new account on the shared database, signed in, with SUPPORT_EMAIL unless told otherwise. */
async function account(options: { supportEmail?: string | undefined } = {}) {
  const supportEmail = 'supportEmail' in options ? options.supportEmail : SUPPORT_EMAIL;
  const t = await createTestApp({ db, plan: 'free', supportEmail });
  apps.push(t);
  return t;
}

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

type Answer = { status: number; json: unknown };

/** The route as the web client sends it (Origin, CSRF token, the session cookie). */
async function call(t: SignedInTestApp, method: string, body?: unknown, cookie = t.cookie) {
  const res = await t.app.request(
    '/api/support/messages',
    {
      method,
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    LOOPBACK_ENV,
  );
  return { status: res.status, json: (await res.json()) as unknown } satisfies Answer;
}

const write = (t: SignedInTestApp, body: unknown, cookie?: string) =>
  call(t, 'POST', { body }, cookie);

async function conversation(t: SignedInTestApp, cookie?: string): Promise<SupportMessageDto[]> {
  const answer = await call(t, 'GET', undefined, cookie);
  expect(answer.status).toBe(200);
  return (answer.json as { items: SupportMessageDto[] }).items;
}

async function rowsOf(accountId: string) {
  return db.db.select().from(supportMessages).where(eq(supportMessages.accountId, accountId));
}

async function mailsTo(to: string) {
  return db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, to))
    .orderBy(desc(devOutbox.createdAt));
}

let ana: SignedInTestApp;
beforeAll(async () => {
  ana = await account();
});

test('a person writes to support and reads the conversation back, oldest first', async () => {
  const t = await account();
  expect(await conversation(t)).toEqual([]);

  const first = await write(t, 'Olá, não consigo ler o código QR de uma fatura.');
  expect(first.status).toBe(201);
  const { message } = first.json as { message: SupportMessageDto };
  expect(message).toMatchObject({
    direction: 'user',
    body: 'Olá, não consigo ler o código QR de uma fatura.',
    authorName: 'Ana Silva',
  });
  expect(Date.parse(message.createdAt)).not.toBeNaN();
  expect((await write(t, 'Já agora: é uma fatura da EDP.')).status).toBe(201);

  const items = await conversation(t);
  expect(items.map((m) => m.body)).toEqual([
    'Olá, não consigo ler o código QR de uma fatura.',
    'Já agora: é uma fatura da EDP.',
  ]);
  expect(items[0]).toEqual(message);
  // Stored for the account, by who wrote it, waiting for an answer.
  const rows = await rowsOf(t.accountId);
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row).toMatchObject({
      conversationKey: `user:${t.accountId}`,
      userId: t.accountId,
      authorName: 'Ana Silva',
      answeredAt: null,
    });
  }
});

test('the text is kept as a message: trimmed, NFC, its lines kept and Windows line breaks folded', async () => {
  const t = await account();
  const typed = '  Bom dia,\r\nA fatura nº 12 da Cafe\u0301 Lda\tnão aparece.\n\nObrigada  ';
  expect((await write(t, typed)).status).toBe(201);
  const [stored] = await conversation(t);
  expect(stored?.body).toBe('Bom dia,\nA fatura nº 12 da Café Lda\tnão aparece.\n\nObrigada');
});

test('empty, too long or unreadable text is refused in pt-PT, and nothing is stored or sent', async () => {
  const t = await account();
  const refusals: [unknown, string][] = [
    ['', SUPPORT_MESSAGE_ERRORS.required],
    ['   \n\t ', SUPPORT_MESSAGE_ERRORS.required],
    [null, SUPPORT_MESSAGE_ERRORS.required],
    [42, SUPPORT_MESSAGE_ERRORS.required],
    ['x'.repeat(SUPPORT_MESSAGE_MAX + 1), SUPPORT_MESSAGE_ERRORS.tooLong],
    ['Olá\u0000', TEXT_MESSAGES.invalidCharacters],
    ['Pagar a \u202eAGUA', TEXT_MESSAGES.invalidCharacters],
    ['meio par \ud800', TEXT_MESSAGES.invalidCharacters],
  ];
  for (const [body, message] of refusals) {
    const answer = await write(t, body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 'VALIDATION', message } });
  }
  const missing = await call(t, 'POST', {});
  expect(missing.status).toBe(400);
  expect(missing.json).toMatchObject({ error: { message: SUPPORT_MESSAGE_ERRORS.required } });
  // The longest allowed is fine.
  expect((await write(t, 'y'.repeat(SUPPORT_MESSAGE_MAX))).status).toBe(201);
  expect(await rowsOf(t.accountId)).toHaveLength(1);
  expect((await mailsTo(SUPPORT_EMAIL)).filter((m) => m.text.includes('Olá\u0000'))).toEqual([]);
});

test('with SUPPORT_EMAIL each message is emailed there, Reply-To the person, naming the account', async () => {
  const t = await account();
  const body = 'Preciso de ajuda com o IVA <b>dedutível</b>.\nObrigada!';
  const answer = await write(t, body);
  const { message } = answer.json as { message: SupportMessageDto };
  const [mail] = (await mailsTo(SUPPORT_EMAIL)).filter((m) => m.text.includes(t.email));
  expect(mail).toBeDefined();
  expect(mail?.subject).toBe(`Mensagem de suporte de Ana Silva (${t.email})`);
  expect(mail?.replyTo).toBe(t.email);
  expect(mail?.text).toContain('> Preciso de ajuda com o IVA <b>dedutível</b>.\n> Obrigada!');
  expect(mail?.text).toContain(`npm run admin -- support-reply ${message.id.slice(0, 8)}`);
  // The person's text is escaped in the HTML, its line break kept.
  expect(mail?.html).toContain(
    'Preciso de ajuda com o IVA &lt;b&gt;dedutível&lt;/b&gt;.<br>Obrigada!',
  );
  expect(mail?.html).not.toContain('<b>dedutível');
  // The account's own mail: an audit row, sent.
  const [audit] = await db.db
    .select()
    .from(emailAudit)
    .where(and(eq(emailAudit.accountId, t.accountId), eq(emailAudit.type, 'support_message')));
  expect(audit).toMatchObject({ toAddress: SUPPORT_EMAIL, status: 'sent' });
});

test('without SUPPORT_EMAIL the message is stored and listed, and no email is sent', async () => {
  const t = await account({ supportEmail: undefined });
  const before = (await mailsTo(SUPPORT_EMAIL)).length;
  expect((await write(t, 'Sem email de suporte configurado.')).status).toBe(201);
  expect(await conversation(t)).toHaveLength(1);
  expect(await mailsTo(SUPPORT_EMAIL)).toHaveLength(before);
  const audits = await db.db.select().from(emailAudit).where(eq(emailAudit.accountId, t.accountId));
  expect(audits.filter((a) => a.type === 'support_message')).toEqual([]);
});

test('a message is heard on the account’s event stream, so its other tabs show it', async () => {
  const t = await account();
  const heard: AccountEvent[] = [];
  const stop = t.events.subscribe(t.accountId, (event) => heard.push(event));
  try {
    await write(t, 'Escrevo num separador; o outro deve mostrar.');
    await expect.poll(() => heard).toEqual([{ type: 'support.changed' }]);
  } finally {
    stop();
  }
});

test(`the ${SUPPORT_MESSAGE_RULE.max + 1}th message within 10 minutes is refused 429 in pt-PT, nothing stored`, async () => {
  const t = await account();
  for (let n = 1; n <= SUPPORT_MESSAGE_RULE.max; n += 1) {
    expect((await write(t, `Mensagem ${n}`)).status).toBe(201);
  }
  const before = (await mailsTo(SUPPORT_EMAIL)).length;
  const refused = await write(t, 'Mais uma');
  expect(refused.status).toBe(429);
  expect(refused.json).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message:
        'Enviou demasiadas mensagens ao suporte num curto espaço de tempo. Tente novamente dentro de 10 minutos; a equipa de suporte já tem as anteriores.',
    },
  });
  expect(await rowsOf(t.accountId)).toHaveLength(SUPPORT_MESSAGE_RULE.max);
  expect(await mailsTo(SUPPORT_EMAIL)).toHaveLength(before);
  // Another account is not held back by it.
  expect((await write(ana, 'Outra conta, outro limite.')).status).toBe(201);
});

test('another account never sees the conversation, and cannot write into it', async () => {
  const a = await account();
  const b = await account();
  await write(a, 'Marcador-A: a minha pergunta privada.');
  expect(await conversation(b)).toEqual([]);
  expect((await write(b, 'A pergunta de B.')).status).toBe(201);
  const ofB = await conversation(b);
  expect(ofB.map((m) => m.body)).toEqual(['A pergunta de B.']);
  expect(JSON.stringify(ofB)).not.toContain('Marcador-A');
  expect((await conversation(a)).map((m) => m.body)).toEqual([
    'Marcador-A: a minha pergunta privada.',
  ]);
  expect(await rowsOf(a.accountId)).toHaveLength(1);
});

test('a PIN profile writes in a conversation of its own, recorded as the profile', async () => {
  const holder = await account();
  // The same login acting as a PIN profile of the account (a Utilizador).
  const profile = await createTestApp({ db, actAs: 'user', supportEmail: SUPPORT_EMAIL });
  const asProfile = { ...holder, app: profile.app, close: profile.close };
  apps.push(asProfile);
  await write(holder, 'Pergunta do titular.');
  expect((await write(asProfile, 'Pergunta do perfil.')).status).toBe(201);

  expect((await conversation(asProfile)).map((m) => m.body)).toEqual(['Pergunta do perfil.']);
  expect((await conversation(holder)).map((m) => m.body)).toEqual(['Pergunta do titular.']);
  const keys = (await rowsOf(holder.accountId)).map((row) => row.conversationKey).sort();
  expect(keys).toEqual(['sub:test-user', `user:${holder.accountId}`]);
});

test('a member acting in two accounts has one conversation in each (same person, same key)', async () => {
  const own = await account();
  const team = await account();
  // A member's key is their own user id in every account they act in.
  const conversationKey = `user:${own.accountId}`;
  const as = { userId: own.accountId, authorName: 'Ana Silva', conversationKey };
  await addUserMessage(db.db, { ...as, accountId: own.accountId, body: 'Na minha conta.' });
  await addUserMessage(db.db, { ...as, accountId: team.accountId, body: 'Na equipa.' });
  // As system work (no account's wall): the query's own filter keeps them apart.
  const inOwn = await listConversation(db.db, { accountId: own.accountId, conversationKey });
  const inTeam = await listConversation(db.db, { accountId: team.accountId, conversationKey });
  expect(inOwn.map((m) => m.body)).toEqual(['Na minha conta.']);
  expect(inTeam.map((m) => m.body)).toEqual(['Na equipa.']);
});

test('without a session the conversation is refused 401', async () => {
  for (const method of ['GET', 'POST']) {
    const answer = await call(ana, method, method === 'POST' ? { body: 'x' } : undefined, '');
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  }
});
