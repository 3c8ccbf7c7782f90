// The help chat's two emails, through the mail outbox (services/mail): each person's message to
// SUPPORT_EMAIL, Reply-To the person; and support's answer to the person who wrote, Reply-To
// SUPPORT_EMAIL. Both are the account's mail (an email_audit row each), so a server that stops
// mid-delivery leaves them to the outbox job, and the answer shows in the account's history.
import type { Mailer, SendResult } from '#server/services/mail/mailer.ts';
import {
  supportMessageEmail,
  supportReplyEmail,
} from '#server/services/mail/templates/support-emails.ts';
import { SUPPORT_CHAT_PATH } from '#shared/schemas/support.ts';
import { shortId } from './support.queries.ts';

export type SupportMail = {
  mailer: Mailer;
  /** SUPPORT_EMAIL: where each person's message is emailed; without it, none is. */
  supportEmail?: string | undefined;
};

/** What support's answers are sent with: the app's public base URL (APP_URL) for the link. */
export type SupportReplyMail = SupportMail & { appUrl: string };

export const SUPPORT_MESSAGE_EMAIL_TYPE = 'support_message';
export const SUPPORT_REPLY_EMAIL_TYPE = 'support_reply';

export type MessageToSupport = {
  accountId: string;
  accountEmail: string;
  authorName: string;
  writerEmail: string;
  id: string;
  body: string;
};

/**
 * Queues the message to SUPPORT_EMAIL (nothing when unset): returns once its audit row is
 * written; SMTP delivery goes on after the answer (`delivered`).
 */
export async function mailToSupport(
  { mailer, supportEmail }: SupportMail,
  message: MessageToSupport,
): Promise<{ delivered: Promise<SendResult> } | null> {
  if (!supportEmail) return null;
  const rendered = supportMessageEmail({ ...message, shortId: shortId(message.id) });
  const { delivered } = await mailer.queue({
    accountId: message.accountId,
    to: supportEmail,
    type: SUPPORT_MESSAGE_EMAIL_TYPE,
    template: rendered.template,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    replyTo: message.writerEmail,
    metadata: { supportMessageId: message.id },
  });
  return { delivered };
}

export type ReplyToPerson = {
  accountId: string;
  to: string;
  name: string;
  question: string;
  reply: string;
  replyId: string;
};

/** Sends support's answer to the person and waits for the delivery (an operator's command). */
export function mailReply(
  { mailer, supportEmail, appUrl }: SupportReplyMail,
  reply: ReplyToPerson,
) {
  const url = new URL(SUPPORT_CHAT_PATH, appUrl).toString();
  const rendered = supportReplyEmail({ ...reply, url });
  return mailer.send({
    accountId: reply.accountId,
    to: reply.to,
    type: SUPPORT_REPLY_EMAIL_TYPE,
    template: rendered.template,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...(supportEmail ? { replyTo: supportEmail } : {}),
    metadata: { supportMessageId: reply.replyId },
  });
}
