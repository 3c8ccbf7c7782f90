// The email sending codes of spec accounts §8 and their pt-PT messages, in one place.
// Delivery errors from nodemailer (or anything else) are classified here so the audit row,
// the resend endpoint and the settings screen all speak the same codes.

export const MAIL_ERROR_CODES = [
  'INVALID_EMAIL',
  'RATE_LIMIT',
  'NETWORK_ERROR',
  'SEND_FAILED',
] as const;
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[number];

export const MAIL_ERROR_MESSAGES = {
  INVALID_EMAIL: 'Endereço de email inválido',
  RATE_LIMIT: 'Demasiadas tentativas. Tente novamente em alguns minutos',
  NETWORK_ERROR: 'Erro de ligação. Verifique a sua internet e tente novamente',
} as const satisfies Partial<Record<MailErrorCode, string>>;

/** A resend refused because the same once-only email (a payment notice) went out since. */
export const MAIL_ALREADY_SENT_MESSAGE = 'Este email já foi enviado';

/** How each email type is named inside 'Erro ao enviar email de {type}'. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  verification: 'verificação',
  password_reset: 'recuperação',
  payment_notification: 'notificação de pagamento',
  pin_recovery: 'recuperação do PIN',
  team_invitation: 'convite para equipa',
};

export function sendFailedMessage(type: string): string {
  return `Erro ao enviar email de ${TYPE_LABELS[type] ?? type}`;
}

/** The pt-PT message a user sees for a failed send of the given type. */
export function mailErrorMessage(code: MailErrorCode, type: string): string {
  return code === 'SEND_FAILED' ? sendFailedMessage(type) : MAIL_ERROR_MESSAGES[code];
}

// SMTP replies that mean "later, not never": service unavailable, mailbox busy, local
// error, insufficient storage / too many recipients (RFC 5321 §4.2.3).
const RATE_LIMIT_REPLIES = new Set([421, 450, 451, 452]);
const RATE_LIMIT_WORDING = /rate.?limit|too many|throttl/i;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ESOCKET',
  'ECONNECTION',
  'EDNS',
  'ETLS',
]);
const NETWORK_WORDING = /fetch|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|ECONNRESET/i;
// Permanent recipient failures: mailbox unknown or unavailable, syntax error in the address.
const INVALID_RECIPIENT_REPLIES = new Set([501, 550, 553]);

type MailErrorLike = {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  message?: unknown;
};

function fieldsOf(error: unknown): MailErrorLike {
  if (typeof error !== 'object' || error === null) return {};
  return {
    code: 'code' in error ? error.code : undefined,
    responseCode: 'responseCode' in error ? error.responseCode : undefined,
    command: 'command' in error ? error.command : undefined,
    message: 'message' in error ? error.message : undefined,
  };
}

/** Maps any delivery error (nodemailer's carry `code`, `responseCode`, `command`) to a code. */
export function classifyMailError(error: unknown): MailErrorCode {
  const { code, responseCode, command, message } = fieldsOf(error);
  const text = typeof message === 'string' ? message : String(error);
  if (typeof responseCode === 'number' && RATE_LIMIT_REPLIES.has(responseCode)) return 'RATE_LIMIT';
  if (RATE_LIMIT_WORDING.test(text)) return 'RATE_LIMIT';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'NETWORK_ERROR';
  if (NETWORK_WORDING.test(text)) return 'NETWORK_ERROR';
  const isRecipientCommand = typeof command === 'string' && /^RCPT TO/i.test(command);
  if (code === 'EENVELOPE') return 'INVALID_EMAIL';
  if (
    typeof responseCode === 'number' &&
    INVALID_RECIPIENT_REPLIES.has(responseCode) &&
    isRecipientCommand
  ) {
    return 'INVALID_EMAIL';
  }
  return 'SEND_FAILED';
}

/** A deliberately loose address check, only to refuse what no server would accept. */
export function isDeliverableAddress(address: string): boolean {
  return /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(address) && address.length <= 254;
}
