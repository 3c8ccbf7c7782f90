// Spec invoice-work §8 "Payment notification outcomes": every outcome of the supplier's email
// is reported under one title, each with its own description; a failed send is destructive.
import type { PaymentNotificationDto } from '#server/features/invoices/payment-notification.ts';
import { INVOICE_SHEET_MESSAGES } from './messages.ts';

/** 'Fatura paga com sucesso'. */
const TITLE = INVOICE_SHEET_MESSAGES.paid;

const OUTCOME_DESCRIPTIONS = {
  sent: (name: string) => `Email enviado para ${name}`,
  not_found: () => 'Fornecedor não encontrado para enviar notificação',
  disabled: () => 'Notificação por email desativada para este fornecedor',
  no_email: () => 'Email do fornecedor não configurado',
  failed: () => 'Erro ao enviar email de notificação',
  already_sent: (name: string) => `O email já tinha sido enviado para ${name}`,
} as const satisfies Record<PaymentNotificationDto['outcome'], (name: string) => string>;

export type PaymentToast = {
  title: string;
  /** Absent when there was nothing to notify (the invoice names no supplier NIF). */
  description?: string;
  isDestructive: boolean;
};

/** The one toast shown after an invoice is marked paid. */
export function paymentToast(notification: PaymentNotificationDto | null): PaymentToast {
  if (!notification) return { title: TITLE, isDestructive: false };
  const name = notification.supplierName ?? 'o fornecedor';
  return {
    title: TITLE,
    description: OUTCOME_DESCRIPTIONS[notification.outcome](name),
    isDestructive: notification.outcome === 'failed',
  };
}
