// The mail service (DESIGN.md "services: mail"): every message gets an email_audit row
// (pending), is delivered by SMTP or into the dev outbox, and the row ends sent or failed
// with the spec's error code (accounts §8 "Email sending codes").
import type { Database } from '#server/db/client.ts';
import type { EmailAuditRow } from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import {
  findAudit,
  insertPendingAudit,
  isOnceOnlyConflict,
  markAudit,
  storedBodyOf,
} from './mail-audit.queries.ts';
import {
  classifyMailError,
  isDeliverableAddress,
  MAIL_ALREADY_SENT_MESSAGE,
  mailErrorMessage,
  type MailErrorCode,
} from './mail-errors.ts';
import { outboxTransport, smtpTransport, type Envelope, type Transport } from './transports.ts';

export type OutgoingMail = {
  accountId: string;
  to: string;
  /** e.g. 'verification', 'password_reset', 'payment_notification'. */
  type: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  metadata?: Record<string, unknown>;
  /** Display name of the sender (the address stays the app's own), e.g. the account's company. */
  fromName?: string;
  /** Where replies go, e.g. the account's email. */
  replyTo?: string;
  /** A blind copy, e.g. to the account itself (its email settings' "copy to oneself"). */
  bcc?: string;
};

/**
 * A message to someone who has no account (the newsletter's): no email_audit row (it belongs
 * to an account), so nothing to resend; a failure is logged.
 */
export type MailWithoutAccount = {
  to: string;
  /** For the log, e.g. 'newsletter_confirmation'. */
  type: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), sent by SMTP. */
  headers?: Record<string, string>;
};

export type SendResult =
  | { ok: true; auditId: string; messageId: string | null }
  | { ok: false; auditId: string; code: MailErrorCode; message: string };

export type Mailer = {
  /** 'smtp' when SMTP_URL is set, otherwise 'outbox' (the dev mailbox's table). */
  readonly transport: 'smtp' | 'outbox';
  /** Never throws for a delivery problem: the result (and the audit row) says what happened. */
  send(message: OutgoingMail): Promise<SendResult>;
  /**
   * As send, for a message that must go out once (a payment notification): null, and nothing
   * sent, when its audit row is refused because one is pending or sent already.
   */
  sendOnce(message: OutgoingMail): Promise<SendResult | null>;
  /**
   * Writes the message's audit row (pending) and returns once it is stored; delivery by SMTP
   * goes on after the caller has answered (`delivered`), so a request never waits for the mail
   * server and its timing does not tell whether a mail was sent (issue 12.4). The row is
   * the durable record: it ends sent or failed like send's, a failure is logged, and the
   * user can ask for the mail again.
   */
  queue(message: OutgoingMail): Promise<{ auditId: string; delivered: Promise<SendResult> }>;
  /**
   * As queue, for a message to no account (MailWithoutAccount): returns once the message is
   * handed over (the dev outbox: stored); SMTP delivery goes on after (`delivered`).
   */
  queueWithoutAccount(message: MailWithoutAccount): Promise<{ delivered: Promise<boolean> }>;
  /** Sends the stored message of an audit row again; null when the account has no such row. */
  resend(accountId: string, auditId: string): Promise<SendResult | null>;
  /**
   * Delivers a row left pending by a server that died (claimed by the mail-outbox job): its
   * stored message, to its address; the row ends sent or failed.
   */
  deliverPending(row: EmailAuditRow): Promise<SendResult>;
};

export type CreateMailerOptions = {
  db: Database;
  logger: Logger;
  smtpUrl?: string;
  from?: string;
  /** Dev mailbox on: subjects and links are logged. */
  devMailbox: boolean;
};

export function createMailer(options: CreateMailerOptions): Mailer {
  const { db, logger } = options;
  const transport: Transport = options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from)
    : outboxTransport({ db, logger, logLinks: options.devMailbox });
  if (!options.smtpUrl && !options.devMailbox) {
    // Production without SMTP: nothing is delivered and the dev mailbox is closed.
    logger.warn('SMTP_URL is not set: emails are kept in the outbox and not delivered');
  }

  async function deliver(
    accountId: string,
    auditId: string,
    type: string,
    envelope: Envelope,
  ): Promise<SendResult> {
    try {
      if (!isDeliverableAddress(envelope.to)) {
        throw Object.assign(new Error('invalid recipient address'), { code: 'EENVELOPE' });
      }
      const { messageId } = await transport.deliver(envelope);
      await markAudit(db, { accountId, auditId, status: 'sent', providerMessageId: messageId });
      return { ok: true, auditId, messageId };
    } catch (error) {
      const code = classifyMailError(error);
      const message = mailErrorMessage(code, type);
      // The transport's own words (an SMTP reply) go to the log for the operator, not to users.
      logger.warn({ auditId, type, code, err: error }, 'email not sent');
      await markAudit(db, {
        accountId,
        auditId,
        status: 'failed',
        errorCode: code,
        errorMessage: message,
      });
      return { ok: false, auditId, code, message };
    }
  }

  /** The audit row is written (claimed) before anything is delivered; null when refused. */
  async function claim(
    message: OutgoingMail,
  ): Promise<{ auditId: string; envelope: Envelope } | null> {
    const { to, subject, text, html, fromName, replyTo, bcc } = message;
    const sender = {
      ...(fromName ? { fromName } : {}),
      ...(replyTo ? { replyTo } : {}),
      ...(bcc ? { bcc } : {}),
    };
    const auditId = await insertPendingAudit(db, {
      accountId: message.accountId,
      to,
      type: message.type,
      template: message.template,
      subject,
      metadata: message.metadata ?? {},
      body: { text, html, ...sender },
    });
    if (auditId === null) return null;
    return { auditId, envelope: { to, subject, text, html, ...sender } };
  }

  async function claimAndDeliver(message: OutgoingMail): Promise<SendResult | null> {
    const claimed = await claim(message);
    if (!claimed) return null;
    return deliver(message.accountId, claimed.auditId, message.type, claimed.envelope);
  }

  return {
    transport: transport.kind,
    async send(message) {
      const result = await claimAndDeliver(message);
      if (!result) throw new Error(`send: a ${message.type} email was refused as a repeat`);
      return result;
    },
    sendOnce: claimAndDeliver,
    async queue(message) {
      const claimed = await claim(message);
      if (!claimed) throw new Error(`queue: a ${message.type} email was refused as a repeat`);
      const { auditId, envelope } = claimed;
      // deliver() records its own failures; this catch is for the database being gone.
      const delivered = deliver(message.accountId, auditId, message.type, envelope).catch(
        (error: unknown): SendResult => {
          logger.error({ err: error, auditId, type: message.type }, 'queued email lost');
          const code = 'SEND_FAILED';
          return { ok: false, auditId, code, message: mailErrorMessage(code, message.type) };
        },
      );
      // The dev outbox is a row in our own database, as quick as the audit row: written before
      // answering, so whoever reads the dev mailbox finds the mail once the answer arrives.
      if (transport.kind === 'outbox') await delivered;
      return { auditId, delivered };
    },
    async queueWithoutAccount({ type, headers, ...message }) {
      const delivered = (async () => {
        try {
          if (!isDeliverableAddress(message.to)) {
            throw Object.assign(new Error('invalid recipient address'), { code: 'EENVELOPE' });
          }
          await transport.deliver({ ...message, ...(headers ? { headers } : {}) });
          return true;
        } catch (error) {
          logger.warn({ type, code: classifyMailError(error), err: error }, 'email not sent');
          return false;
        }
      })();
      // As queue(): the dev outbox holds the mail once the answer arrives.
      if (transport.kind === 'outbox') await delivered;
      return { delivered };
    },
    async deliverPending(row) {
      const body = storedBodyOf(row);
      if (!body) {
        const code = 'SEND_FAILED';
        const message = mailErrorMessage(code, row.type);
        await markAudit(db, {
          accountId: row.accountId,
          auditId: row.id,
          status: 'failed',
          errorCode: code,
          errorMessage: message,
        });
        return { ok: false, auditId: row.id, code, message };
      }
      return deliver(row.accountId, row.id, row.type, {
        to: row.toAddress,
        subject: row.subject,
        ...body,
      });
    },
    async resend(accountId, auditId) {
      const row = await findAudit(db, { accountId, auditId });
      if (!row) return null;
      const body = storedBodyOf(row);
      if (!body) {
        // Rows written before bodies were kept cannot be re-sent as they were.
        const message = mailErrorMessage('SEND_FAILED', row.type);
        return { ok: false, auditId, code: 'SEND_FAILED', message };
      }
      try {
        await markAudit(db, { accountId, auditId, status: 'pending' });
      } catch (error) {
        // A failed payment notice whose invoice was notified since by another row.
        if (!isOnceOnlyConflict(error)) throw error;
        return { ok: false, auditId, code: 'SEND_FAILED', message: MAIL_ALREADY_SENT_MESSAGE };
      }
      return deliver(accountId, auditId, row.type, {
        to: row.toAddress,
        subject: row.subject,
        ...body,
      });
    },
  };
}
