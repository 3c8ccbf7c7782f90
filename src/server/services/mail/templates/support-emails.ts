// The help chat's emails (issue 20 point 7): a person's message to the installation's support
// address (SUPPORT_EMAIL), which the operator answers with the admin CLI, and that answer to
// the person, with a link back to the conversation. The messages are the people's own text:
// escaped, their line breaks kept.
import { renderLayout, EMAIL_FONT, type RenderedEmail } from './layout.ts';
import { assertHttpUrl, escapeHtml } from './escape-html.ts';

/** A message as a grey quoted block: escaped, line breaks kept. */
function quoteHtml(text: string): string {
  const lines = escapeHtml(text).replaceAll('\n', '<br>');
  return `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid #047857;background:#f3f4f6;${EMAIL_FONT};font-size:15px;line-height:22px;color:#1f2937">${lines}</blockquote>\n`;
}

/** A message in the text version: each line marked as quoted. */
function quoteText(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export type SupportMessageEmailInput = {
  /** The account holder's email. */
  accountEmail: string;
  /** Who wrote it, as the app shows the acting profile. */
  authorName: string;
  /** The signed-in person's email: the mail's Reply-To. */
  writerEmail: string;
  body: string;
  /** The message's short id, for `support-reply`. */
  shortId: string;
};

/** To SUPPORT_EMAIL: who wrote, from which account, the message, and how to answer it. */
export function supportMessageEmail(input: SupportMessageEmailInput): RenderedEmail {
  const { accountEmail, authorName, writerEmail, body, shortId } = input;
  const subject = `Mensagem de suporte de ${authorName} (${accountEmail})`;
  const who = `${authorName} escreveu ao suporte a partir da conta ${accountEmail}:`;
  const command = `npm run admin -- support-reply ${shortId} "…"`;
  const how =
    'Responda com o comando abaixo, no servidor: a resposta aparece logo na conversa da app e segue também por email.';
  const footnotes = [
    `Responder a este email escreve diretamente para ${writerEmail}, mas essa resposta não fica na conversa da app.`,
  ];
  const text = [who, '', quoteText(body), '', how, command, '', ...footnotes, '', 'Papelada'].join(
    '\n',
  );
  const html = renderLayout({
    title: 'Nova mensagem de suporte',
    paragraphsHtml: [escapeHtml(who)],
    detailsHtml: `${quoteHtml(body)}<p style="margin:0 0 8px;${EMAIL_FONT};font-size:15px;line-height:22px;color:#1f2937">${escapeHtml(how)}</p>\n<p style="margin:0 0 20px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;color:#111827">${escapeHtml(command)}</p>\n`,
    footnoteHtml: footnotes.map(escapeHtml),
    footer: 'Recebeu este email porque este é o endereço de suporte (SUPPORT_EMAIL) do Papelada.',
  });
  return { template: 'support-message', subject, text, html };
}

export type SupportReplyEmailInput = {
  /** Who wrote the message answered (the acting profile's name). */
  name: string;
  /** The person's message that was answered. */
  question: string;
  reply: string;
  /** The conversation in the app. */
  url: string;
};

/** To the person: support's answer, their own message under it, and the way back to the chat. */
export function supportReplyEmail({
  name,
  question,
  reply,
  url,
}: SupportReplyEmailInput): RenderedEmail {
  assertHttpUrl(url);
  const subject = 'Resposta do suporte Papelada';
  const greeting = `Olá ${name},`;
  const intro = 'A equipa de suporte respondeu à sua mensagem:';
  const yours = 'A sua mensagem:';
  const footnotes = [
    'Para continuar a conversa, escreva no Papelada, em Ajuda e tutoriais → Falar com o suporte.',
  ];
  const text = [
    greeting,
    '',
    intro,
    '',
    quoteText(reply),
    '',
    yours,
    quoteText(question),
    '',
    `Abra a conversa: ${url}`,
    '',
    ...footnotes,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(intro)],
    detailsHtml: `${quoteHtml(reply)}<p style="margin:0 0 8px;${EMAIL_FONT};font-size:14px;color:#6b7280">${escapeHtml(yours)}</p>\n${quoteHtml(question)}`,
    button: { label: 'Abrir a conversa', url },
    footnoteHtml: footnotes.map(escapeHtml),
  });
  return { template: 'support-reply', subject, text, html };
}
