// `npm run admin -- support [--json]` and `support-reply <id> <texto>` (issue 20 point 7): the
// operator lists what waits for an answer, answers by the message's id, and the answer reaches
// the person's conversation (GET /api/support/messages), its open event stream and its email;
// an unknown, ambiguous or malformed id, or a bad text, is refused and changes nothing.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devOutbox, supportMessages } from '#server/db/schema/index.ts';
import { sseReader } from '#server/features/events/events-test-helpers.ts';
import type { SupportMessageDto } from '#shared/schemas/support.ts';
import { LOOPBACK_ENV, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { parseAdminArgs } from './admin-args.ts';
import {
  createAdminTestContext,
  SUPPORT_EMAIL,
  type AdminTestContext,
} from './admin-test-helpers.ts';
import { SUPPORT_ADMIN_MESSAGES } from './support-commands.ts';

let admin: AdminTestContext;
beforeAll(async () => {
  admin = await createAdminTestContext();
});
afterAll(() => admin.close());

function request(cookie: string, method: string, body?: unknown) {
  return admin.t.app.request(
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
}

async function write(cookie: string, body: string): Promise<SupportMessageDto> {
  const res = await request(cookie, 'POST', { body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { message: SupportMessageDto }).message;
}

async function conversation(cookie: string): Promise<SupportMessageDto[]> {
  const res = await request(cookie, 'GET');
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: SupportMessageDto[] }).items;
}

type Waiting = { id: string; accountEmail: string; authorName: string; body: string };

async function waiting(): Promise<Waiting[]> {
  const output = await admin.run({ command: 'support', json: true });
  expect(output).toMatchObject({ exitCode: 0, stderr: '' });
  return JSON.parse(output.stdout) as Waiting[];
}

async function latestMailTo(to: string, subject: string) {
  const rows = await admin.t.db.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.toAddress, to), eq(devOutbox.subject, subject)))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  return rows[0];
}

const reply = (id: string, text: string) => admin.run({ command: 'support-reply', id, text });

test('support lists the messages waiting for an answer, newest first, with id, account, date and text', async () => {
  const before = await waiting();
  const rui = await admin.signedUp('rui.suporte');
  const ines = await admin.signedUp('ines.suporte');
  const first = await write(rui.cookie, 'Como exporto para Excel?');
  const second = await write(ines.cookie, 'A fatura ficou duplicada.\nO que faço?');

  const listed = (await waiting()).slice(0, 2);
  expect(listed).toEqual([
    {
      id: second.id,
      accountEmail: ines.email,
      authorName: 'Ana Silva',
      createdAt: second.createdAt,
      body: 'A fatura ficou duplicada.\nO que faço?',
    },
    {
      id: first.id,
      accountEmail: rui.email,
      authorName: 'Ana Silva',
      createdAt: first.createdAt,
      body: 'Como exporto para Excel?',
    },
  ]);
  expect(await waiting()).toHaveLength(before.length + 2);

  const text = await admin.run({ command: 'support', json: false });
  expect(text.exitCode).toBe(0);
  const lines = text.stdout.split('\n');
  const heading = lines.findIndex((line) => line.startsWith(second.id.slice(0, 8)));
  expect(lines[heading]).toMatch(
    new RegExp(
      `^${second.id.slice(0, 8)}  ${ines.email.replaceAll('.', '\\.')}  \\d\\d/\\d\\d/\\d{4}, \\d\\d:\\d\\d  Ana Silva$`,
    ),
  );
  expect(lines[heading + 1]).toBe('    A fatura ficou duplicada.');
  expect(lines[heading + 2]).toBe('    O que faço?');
  expect(text.stdout.indexOf(second.id.slice(0, 8))).toBeLessThan(
    text.stdout.indexOf(first.id.slice(0, 8)),
  );
  expect(text.stdout).toContain(SUPPORT_ADMIN_MESSAGES.howToReply);
});

test('support-reply answers the conversation: the list, the open event stream and the email all get it', async () => {
  const ana = await admin.signedUp('ana.suporte');
  const question = await write(ana.cookie, 'Não consigo digitalizar o QR.');
  const followUp = await write(ana.cookie, 'É uma fatura da EDP.');

  // The person's page is open, its event stream listening.
  const res = await admin.t.app.request('/api/events', { headers: { cookie: ana.cookie } });
  const stream = sseReader(res);
  try {
    expect((await stream.nextEvent()).event).toBe('ready');

    const output = await reply(
      question.id.slice(0, 8),
      'Olá! Aproxime a câmara e tente com mais luz.',
    );
    expect(output).toEqual({
      exitCode: 0,
      stdout:
        `${SUPPORT_ADMIN_MESSAGES.replied('Ana Silva', ana.email, 2)}\n` +
        `${SUPPORT_ADMIN_MESSAGES.emailed(ana.email)}\n`,
      stderr: '',
    });
    expect((await stream.nextEvent()).event).toBe('support.changed');
  } finally {
    await stream.cancel();
  }

  const items = await conversation(ana.cookie);
  expect(items.map((m) => [m.direction, m.body, m.authorName])).toEqual([
    ['user', 'Não consigo digitalizar o QR.', 'Ana Silva'],
    ['user', 'É uma fatura da EDP.', 'Ana Silva'],
    ['support', 'Olá! Aproxime a câmara e tente com mais luz.', null],
  ]);
  // Both of Ana's messages are answered: neither waits any more.
  const ids = (await waiting()).map((m) => m.id);
  expect(ids).not.toContain(question.id);
  expect(ids).not.toContain(followUp.id);

  const mail = await latestMailTo(ana.email, 'Resposta do suporte Papelada');
  expect(mail).toBeDefined();
  expect(mail?.replyTo).toBe(SUPPORT_EMAIL);
  expect(mail?.text).toContain('Olá Ana Silva,');
  expect(mail?.text).toContain('> Olá! Aproxime a câmara e tente com mais luz.');
  expect(mail?.text).toContain('> Não consigo digitalizar o QR.');
  expect(mail?.links).toContain(`${TEST_ORIGIN}/ajuda-tutoriais?suporte=1`);
});

test('a new message after the answer waits again', async () => {
  const rita = await admin.signedUp('rita.suporte');
  const first = await write(rita.cookie, 'Primeira pergunta.');
  expect((await reply(first.id, 'Primeira resposta.')).exitCode).toBe(0);
  const second = await write(rita.cookie, 'Segunda pergunta.');
  const ids = (await waiting()).map((m) => m.id);
  expect(ids).toContain(second.id);
  expect(ids).not.toContain(first.id);
  // Answering an answered message again is a follow-up, not an error.
  expect((await reply(first.id, 'Mais uma nota.')).exitCode).toBe(0);
  expect((await conversation(rita.cookie)).map((m) => m.body)).toEqual([
    'Primeira pergunta.',
    'Primeira resposta.',
    'Segunda pergunta.',
    'Mais uma nota.',
  ]);
});

test('an unknown, malformed or ambiguous id, or a bad text, is refused (exit 1) and nothing is stored', async () => {
  const leo = await admin.signedUp('leo.suporte');
  const message = await write(leo.cookie, 'Uma pergunta.');
  const count = async () => (await admin.t.db.db.select().from(supportMessages)).length;
  const before = await count();

  expect(await reply('00000000-0000-4000-8000-000000000000', 'Olá')).toEqual({
    exitCode: 1,
    stdout: '',
    stderr: `${SUPPORT_ADMIN_MESSAGES.unknownId('00000000-0000-4000-8000-000000000000')}\n`,
  });
  for (const id of ['abc', 'zzzzzzzz', `${message.id}0`, "1' or '1'='1"]) {
    expect(await reply(id, 'Olá')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `${SUPPORT_ADMIN_MESSAGES.badId(id)}\n`,
    });
  }
  for (const [text, problem] of [
    ['', 'Escreva a sua mensagem antes de enviar.'],
    ['x'.repeat(2001), 'A mensagem deve ter no máximo 2000 caracteres.'],
    ['Olá\u0007', 'Este campo contém caracteres inválidos.'],
  ] as const) {
    expect(await reply(message.id, text)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `${SUPPORT_ADMIN_MESSAGES.badText(problem)}\n`,
    });
  }
  // A support answer's id is not a message to answer.
  await reply(message.id, 'Resposta.');
  const [answer] = (await conversation(leo.cookie)).filter((m) => m.direction === 'support');
  expect((await reply(answer?.id ?? '', 'Outra.')).stderr).toBe(
    `${SUPPORT_ADMIN_MESSAGES.unknownId(answer?.id ?? '')}\n`,
  );
  expect(await count()).toBe(before + 1);
});

test('a prefix that names two messages is ambiguous', async () => {
  const { accountId } = await admin.signedUp('ze.suporte');
  // Two of the person's messages whose ids share their first 8 digits.
  const base = { accountId, conversationKey: `user:${accountId}`, direction: 'user' as const };
  await admin.t.db.db.insert(supportMessages).values([
    { ...base, id: 'abcdef01-0000-4000-8000-000000000001', body: 'Um', authorName: 'Zé' },
    { ...base, id: 'abcdef01-0000-4000-8000-000000000002', body: 'Dois', authorName: 'Zé' },
  ]);
  expect(await reply('abcdef01', 'Olá')).toEqual({
    exitCode: 1,
    stdout: '',
    stderr: `${SUPPORT_ADMIN_MESSAGES.ambiguousId('abcdef01')}\n`,
  });
  expect((await reply('abcdef01-0000-4000-8000-000000000002', 'Olá Zé')).exitCode).toBe(0);
});

test('with nothing waiting, support says so', async () => {
  for (const m of await waiting()) await reply(m.id, 'Respondido.');
  expect(await admin.run({ command: 'support', json: false })).toEqual({
    exitCode: 0,
    stdout: `${SUPPORT_ADMIN_MESSAGES.noneWaiting}\n`,
    stderr: '',
  });
  expect((await admin.run({ command: 'support', json: true })).stdout).toBe('[]\n');
});

test('the command line: support [--json], and support-reply joins the words of the answer', () => {
  expect(parseAdminArgs(['support', '--json'], '/')).toEqual({
    kind: 'command',
    request: { command: 'support', json: true },
    confirm: false,
  });
  expect(parseAdminArgs(['support'], '/')).toMatchObject({ request: { json: false } });
  expect(parseAdminArgs(['support', 'x'], '/')).toMatchObject({ kind: 'usage-error' });
  expect(parseAdminArgs(['support-reply', 'abcd1234', 'Olá, já', 'está.'], '/')).toEqual({
    kind: 'command',
    request: { command: 'support-reply', id: 'abcd1234', text: 'Olá, já está.' },
    confirm: false,
  });
  expect(parseAdminArgs(['support-reply', 'abcd1234'], '/')).toMatchObject({
    kind: 'usage-error',
    message: expect.stringContaining('Falta <texto>'),
  });
  expect(parseAdminArgs(['support-reply', 'abcd1234', 'Olá', '--json'], '/')).toMatchObject({
    kind: 'usage-error',
  });
});
