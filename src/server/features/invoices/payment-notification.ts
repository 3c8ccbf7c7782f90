// The email to a supplier once one of its invoices is marked paid (spec invoice-work §4
// "Sending a payment notification (supplier)", §6 sender name, §8 outcomes). A skipped or
// failed email never undoes the payment: the outcome only tells the user what happened.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { PAYMENT_NOTIFICATION_EMAIL_TYPE, suppliers } from '#server/db/schema/index.ts';
import { findPaymentEmailSender } from '#server/features/email-config/account-sender.queries.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { readableSupplierEmail } from '#server/services/crypto/sealed-fields.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { paymentNotificationEmail } from '#server/services/mail/templates/payment-notification-email.ts';
import type { CalendarDate } from '#shared/dates.ts';
import type { InvoiceRow } from './invoices.queries.ts';

export const PAYMENT_NOTIFICATION_OUTCOMES = [
  'sent',
  'not_found',
  'disabled',
  'no_email',
  'failed',
  'already_sent',
] as const;
export type PaymentNotificationOutcome = (typeof PAYMENT_NOTIFICATION_OUTCOMES)[number];

/** In POST /api/invoices/:id/payment's answer when the change marked the invoice paid. */
export type PaymentNotificationDto = {
  outcome: PaymentNotificationOutcome;
  supplierName: string | null;
};

/** The account's own copy (enviar_copia), audited under its own type. */
export const PAYMENT_NOTIFICATION_COPY_EMAIL_TYPE = 'payment_notification_copy';

type NotificationSupplier = {
  name: string;
  /** Sealed at rest (ADR 028): opened below. */
  emailEncrypted: string | null;
  legacyEmail: string | null;
  notifyByEmail: boolean;
  sendCopy: boolean;
  customTemplate: string | null;
};

type SupplierByNifParams = { accountId: string; nif: string };

/** Served by suppliers_account_id_nif_unique. */
async function findNotificationSupplier(
  db: Database,
  { accountId, nif }: SupplierByNifParams,
): Promise<NotificationSupplier | null> {
  const [row] = await db
    .select({
      name: suppliers.name,
      emailEncrypted: suppliers.emailEncrypted,
      legacyEmail: suppliers.legacyEmail,
      notifyByEmail: suppliers.notifyByEmail,
      sendCopy: suppliers.sendCopy,
      customTemplate: suppliers.customTemplate,
    })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.nif, nif)))
    .limit(1);
  return row ?? null;
}

export type NotifyPaymentParams = {
  accountId: string;
  /** The invoice just marked paid; it must carry a supplier NIF. */
  invoice: InvoiceRow & { supplierNif: string };
  /** The payment date shown in the email (the invoice's paid_at). */
  paidOn: CalendarDate;
  /** Opens the supplier's email and the sender's personal NIF (ADR 028). */
  cipher: FieldCipher;
};

export async function notifyPayment(
  db: Database,
  mailer: Mailer,
  { accountId, invoice, paidOn, cipher }: NotifyPaymentParams,
): Promise<PaymentNotificationDto> {
  const supplier = await findNotificationSupplier(db, { accountId, nif: invoice.supplierNif });
  if (!supplier) return { outcome: 'not_found', supplierName: null };
  const supplierName = supplier.name;
  if (!supplier.notifyByEmail) return { outcome: 'disabled', supplierName };
  if (supplier.emailEncrypted === null && !supplier.legacyEmail?.trim()) {
    return { outcome: 'no_email', supplierName };
  }
  // An email no key opens (another key, altered) cannot be written to: the send fails.
  const opened = readableSupplierEmail(cipher, supplier);
  if (opened === null) return { outcome: 'failed', supplierName };
  const supplierEmail = opened.trim();
  if (!supplierEmail) return { outcome: 'no_email', supplierName };
  // The account's email settings (/configuracoes): sender name, reply-to, copy, wording.
  const sender = await findPaymentEmailSender(db, cipher, accountId);
  if (!sender) return { outcome: 'failed', supplierName };

  const content = {
    supplierName,
    // The name the account signs with: its settings' sender name, else its own.
    senderName: sender.fromName,
    senderNif: sender.nif,
    invoiceNumber: invoice.number,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    paidOn,
    // The supplier's own wording first, then the account's, else the standard one.
    customTemplate: supplier.customTemplate?.trim()
      ? supplier.customTemplate
      : sender.paymentTemplate,
  };
  const common = {
    accountId,
    fromName: sender.fromName,
    replyTo: sender.replyTo,
    metadata: { fatura_id: invoice.id },
  };
  // The audit row is the claim: a second request for this invoice (later, or at the same
  // moment) finds it and sends nothing. A failed send frees the claim for a later retry.
  const result = await mailer.sendOnce({
    ...common,
    to: supplierEmail,
    // "A copy to oneself": the very email the supplier gets, blind-copied to the account.
    ...(sender.bcc ? { bcc: sender.bcc } : {}),
    type: PAYMENT_NOTIFICATION_EMAIL_TYPE,
    ...paymentNotificationEmail(content),
  });
  if (!result) return { outcome: 'already_sent', supplierName };
  if (!result.ok) return { outcome: 'failed', supplierName };
  // The supplier's enviar_copia: a copy of its own, unless the account is blind-copied already.
  if (supplier.sendCopy && !sender.bcc) {
    // The copy's own failure is in its audit row; the supplier's email did go out.
    await mailer.send({
      ...common,
      to: sender.email,
      type: PAYMENT_NOTIFICATION_COPY_EMAIL_TYPE,
      ...paymentNotificationEmail({ ...content, copyOf: { supplierEmail } }),
    });
  }
  return { outcome: 'sent', supplierName };
}
