import { emailSendErrorMessage } from '#shared/auth-errors.ts';
import { SETTINGS_MESSAGES } from './messages.ts';

export const EMAIL_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'bounced'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS = {
  pending: 'Pendente',
  sent: 'Enviado',
  delivered: 'Entregue',
  failed: 'Falhado',
  bounced: 'Devolvido',
} as const satisfies Record<EmailStatus, string>;

export function isEmailStatus(value: string): value is EmailStatus {
  return (EMAIL_STATUSES as readonly string[]).includes(value);
}

// The audit row's `type` as people say it. Several spellings reach the same words because
// older rows and Better Auth's own hooks name the same email differently.
const TYPE_LABELS: Readonly<Record<string, string>> = {
  verification: 'Verificação de email',
  email_verification: 'Verificação de email',
  signup: 'Verificação de email',
  password_reset: 'Redefinição de senha',
  reset_password: 'Redefinição de senha',
  recovery: 'Redefinição de senha',
  pin_recovery: 'Recuperação de PIN',
  payment_notification: 'Notificação de pagamento',
  team_invitation: 'Convite para equipa',
  reminder: 'Lembrete',
  support_message: 'Mensagem para o suporte',
  support_reply: 'Resposta do suporte',
};

/** A known type in pt-PT words; an unknown one readable rather than hidden. */
export function emailTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/[_-]+/g, ' ');
}

/**
 * The description of a failed resend (spec accounts §8 "Email sending codes"): the code's
 * message, a network failure's message, else the server's own message or the generic one.
 */
export function resendErrorMessage(error: {
  status?: number;
  code?: string;
  message?: string;
}): string {
  // An unknown status is neither a network failure (0) nor a rate limit (429).
  const known = {
    status: error.status ?? -1,
    ...(error.code ? { code: error.code } : {}),
    ...(error.message ? { message: error.message } : {}),
  };
  return emailSendErrorMessage(known, '', SETTINGS_MESSAGES.resendFailed);
}
