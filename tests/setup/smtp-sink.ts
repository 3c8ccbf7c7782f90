// A real SMTP server on a free local port for tests of the SMTP path (STYLE.md: fake only
// the outside world at its edge). It keeps every message it accepts, and can refuse
// recipients with a chosen SMTP reply.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string; body: string };

export type SmtpSink = {
  url: string;
  messages: CapturedMail[];
  /** Refuse recipients matching `pattern` with this reply (e.g. 550 or 451). */
  rejectRecipients(pattern: RegExp, responseCode: number, message: string): void;
  /**
   * Leaves RCPT TO for recipients matching `pattern` unanswered: the sender waits mid-message,
   * its email neither sent nor failed, until it gives up (nodemailer: 15 s) or dies.
   */
  holdRecipients(pattern: RegExp): void;
  /** Accepts every recipient again (connections held so far stay held). */
  releaseRecipients(): void;
  /** The recipients held so far. */
  held: string[];
  close(): Promise<void>;
};

/** Quoted-printable soft breaks and escapes undone, so assertions can read the text. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export type SmtpSinkOptions = {
  /** Holds each message this long before accepting it: a slow mail server. */
  delayMs?: number;
};

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const held: string[] = [];
  let holding: RegExp | undefined;
  let rejection: { pattern: RegExp; responseCode: number; message: string } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: without STARTTLS the client never meets a self-signed cert.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held connection must not keep close() waiting.
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      if (holding?.test(address.address)) {
        held.push(address.address);
        return;
      }
      if (rejection?.pattern.test(address.address)) {
        const error = Object.assign(new Error(rejection.message), {
          responseCode: rejection.responseCode,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          body: decodeQuotedPrintable(raw),
        });
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients(pattern, responseCode, message) {
      rejection = { pattern, responseCode, message };
    },
    held,
    holdRecipients(pattern) {
      holding = pattern;
    },
    releaseRecipients() {
      holding = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
