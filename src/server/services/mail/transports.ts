// Where a message goes once its audit row exists: a real SMTP server (SMTP_URL), or the
// dev_outbox table that backs the dev mailbox (DESIGN.md contract 4).
import { createTransport } from 'nodemailer';
import type { Database } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import { extractLinks } from './extract-links.ts';

export type Envelope = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name in From, e.g. the account's company; the address stays the app's own. */
  fromName?: string;
  /** Where replies go, e.g. the account's email. */
  replyTo?: string;
  /** A blind copy, e.g. to the account that wrote to its supplier. */
  bcc?: string;
  /** More headers, e.g. List-Unsubscribe (the newsletter's one-click unsubscribe). */
  headers?: Record<string, string>;
};
export type Delivery = { messageId: string | null };
/** Throws the transport's own error on failure; the mailer classifies it. */
export type Transport = { kind: 'smtp' | 'outbox'; deliver(envelope: Envelope): Promise<Delivery> };

export const DEFAULT_MAIL_FROM = 'Papelada <nao-responder@papelada.local>';
// nodemailer waits two minutes by default; a request that sends mail should not.
const SMTP_TIMEOUT_MS = 15_000;

/** The address of a From header ('Papelada <a@b.pt>' → 'a@b.pt'). */
export function fromAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

export function smtpTransport(smtpUrl: string, from = DEFAULT_MAIL_FROM): Transport {
  const transporter = createTransport(
    {
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from },
  );
  return {
    kind: 'smtp',
    async deliver(envelope) {
      const { fromName, replyTo, bcc, headers, ...message } = envelope;
      // Another name on the app's own address: mail servers refuse to send as someone else's
      // domain (SPF, DMARC), so the account is named, and answered through Reply-To.
      const info = await transporter.sendMail({
        ...message,
        ...(fromName ? { from: { name: fromName, address: fromAddressOf(from) } } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(bcc ? { bcc } : {}),
        ...(headers ? { headers } : {}),
      });
      return { messageId: info.messageId || null };
    },
  };
}

export type OutboxTransportOptions = {
  db: Database;
  logger: Logger;
  /** Log subject and links (dev mailbox on); otherwise the mail is only stored. */
  logLinks: boolean;
};

export function outboxTransport({ db, logger, logLinks }: OutboxTransportOptions): Transport {
  return {
    kind: 'outbox',
    async deliver(envelope) {
      const links = extractLinks(envelope.text, envelope.html);
      const [row] = await db
        .insert(devOutbox)
        .values({
          toAddress: envelope.to,
          subject: envelope.subject,
          text: envelope.text,
          html: envelope.html,
          fromName: envelope.fromName ?? null,
          replyTo: envelope.replyTo ?? null,
          bcc: envelope.bcc ?? null,
          links,
        })
        .returning({ id: devOutbox.id });
      // The links are the point of the dev mailbox: with no SMTP server, the log is where a
      // developer finds the verification link. Nothing else of the message is logged.
      if (logLinks) logger.info({ subject: envelope.subject, links }, 'dev mailbox: email stored');
      return { messageId: row?.id ?? null };
    },
  };
}
