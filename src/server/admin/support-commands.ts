// `support [--json]` and `support-reply <id> <texto>` (issue 20 point 7): the help chat's
// operator side. `support` lists every person's message still waiting for an answer, newest
// first, with its id, the account's email, when and who wrote it, and the whole text.
// `support-reply` answers the conversation of the message with that id (or its first 8
// characters): the answer is stored, the person's open panel shows it at once ('support.changed'
// on the bus — the running server's own when the command came through its socket, PostgreSQL's
// NOTIFY otherwise), and it is emailed to the person who wrote.
import {
  accountEmailOf,
  addSupportReply,
  findMessagesToAnswer,
  idRange,
  listWaitingMessages,
  shortId,
  type WaitingMessage,
} from '#server/features/support/support.queries.ts';
import { mailReply } from '#server/features/support/support-mail.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import { supportMessageBodySchema } from '#shared/schemas/support.ts';
import type { AdminDeps } from './admin-deps.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';

const SUPPORT_COMMAND = 'npm run admin -- support';

export const SUPPORT_ADMIN_MESSAGES = {
  noneWaiting: 'Nenhuma mensagem de suporte à espera de resposta.',
  waitingCount: (count: number) =>
    count === 1 ? '1 mensagem à espera de resposta.' : `${count} mensagens à espera de resposta.`,
  howToReply: 'Responda com: npm run admin -- support-reply <id> "texto da resposta"',
  badId: (id: string) =>
    `Id de mensagem inválido: '${id}'. Use o id mostrado por ${SUPPORT_COMMAND} (os 8 primeiros caracteres bastam).`,
  unknownId: (id: string) =>
    `Não existe nenhuma mensagem de suporte com o id ${id}. Veja as que esperam resposta com: ${SUPPORT_COMMAND}`,
  ambiguousId: (id: string) =>
    `O id ${id} corresponde a mais de uma mensagem: escreva-o completo (${SUPPORT_COMMAND} --json mostra-o). Nada foi enviado.`,
  badText: (problem: string) => `Resposta recusada: ${problem} Nada foi enviado.`,
  replied: (name: string, accountEmail: string, answered: number) =>
    `Resposta guardada na conversa de ${name} (conta ${accountEmail})${
      answered > 1 ? `; responde às ${answered} mensagens que esperavam` : ''
    }. As páginas abertas mostram-na já.`,
  emailed: (to: string) => `Email com a resposta enviado para ${to}.`,
  notEmailed: (to: string, why: string) =>
    `O email para ${to} não foi enviado (${why}); a resposta está na conversa da app.`,
  noEmail:
    'A pessoa que escreveu já não tem conta de acesso: a resposta fica só na conversa da app.',
} as const;

const lisbon = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Each message as a heading line and its text indented below it, whole. */
export function formatWaitingText(messages: readonly WaitingMessage[]): string {
  if (messages.length === 0) return SUPPORT_ADMIN_MESSAGES.noneWaiting;
  const blocks = messages.map((m) =>
    [
      `${shortId(m.id)}  ${m.accountEmail}  ${lisbon.format(m.createdAt)}  ${m.authorName}`,
      ...m.body.split('\n').map((line) => `    ${line}`.trimEnd()),
    ].join('\n'),
  );
  return [
    ...blocks,
    '',
    SUPPORT_ADMIN_MESSAGES.waitingCount(messages.length),
    SUPPORT_ADMIN_MESSAGES.howToReply,
  ].join('\n\n');
}

export function formatWaitingJson(messages: readonly WaitingMessage[]): string {
  return JSON.stringify(
    messages.map((m) => ({
      id: m.id,
      accountEmail: m.accountEmail,
      authorName: m.authorName,
      createdAt: m.createdAt.toISOString(),
      body: m.body,
    })),
    null,
    2,
  );
}

export async function supportCommand(
  deps: Pick<AdminDeps, 'db'>,
  request: { json: boolean },
): Promise<AdminOutput> {
  const messages = await listWaitingMessages(deps.db);
  return done(request.json ? formatWaitingJson(messages) : formatWaitingText(messages));
}

export async function supportReplyCommand(
  deps: Pick<AdminDeps, 'db' | 'events' | 'support'>,
  request: { id: string; text: string },
): Promise<AdminOutput> {
  const id = request.id.trim();
  if (!idRange(id)) return refused(SUPPORT_ADMIN_MESSAGES.badId(id));
  const text = supportMessageBodySchema.safeParse(request.text);
  if (!text.success) {
    return refused(SUPPORT_ADMIN_MESSAGES.badText(text.error.issues[0]?.message ?? ''));
  }
  const found = await findMessagesToAnswer(deps.db, { id });
  if (found.length > 1) return refused(SUPPORT_ADMIN_MESSAGES.ambiguousId(id));
  const [message] = found;
  if (!message) return refused(SUPPORT_ADMIN_MESSAGES.unknownId(id));

  const { reply, answered } = await addSupportReply(deps.db, {
    accountId: message.accountId,
    conversationKey: message.conversationKey,
    body: text.data,
  });
  // Before the email, which may take a while: the open panel shows the answer first.
  await deps.events.publish(message.accountId, { type: 'support.changed' });
  const accountEmail = (await accountEmailOf(deps.db, message.accountId)) || message.accountId;
  const lines = [SUPPORT_ADMIN_MESSAGES.replied(message.authorName, accountEmail, answered)];
  if (message.writerEmail === null) {
    lines.push(SUPPORT_ADMIN_MESSAGES.noEmail);
  } else {
    const sent = await mailReply(deps.support, {
      accountId: message.accountId,
      to: message.writerEmail,
      name: message.authorName,
      question: message.body,
      reply: reply.body,
      replyId: reply.id,
    });
    lines.push(
      sent.ok
        ? SUPPORT_ADMIN_MESSAGES.emailed(message.writerEmail)
        : SUPPORT_ADMIN_MESSAGES.notEmailed(message.writerEmail, sent.message),
    );
  }
  return done(lines.join('\n'));
}
