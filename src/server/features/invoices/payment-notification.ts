// The email to a supplier once one of its invoices is marked paid (spec invoice-work §4
// "Sending a payment notification (supplier)", §6 sender name, §8 outcomes). A skipped or
// failed email never undoes the payment: the outcome only tells the user what happened.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { PAYMENT_NOTIFICATION_EMAIL_TYPE, profiles, suppliers } from '#server/db/schema/index.ts';
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
  email: string | null;
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
      email: suppliers.email,
      notifyByEmail: suppliers.notifyByEmail,
      sendCopy: suppliers.sendCopy,
      customTemplate: suppliers.customTemplate,
    })
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.nif, nif)))
    .limit(1);
  return row ?? null;
}

type Sender = { name: string; email: string; nif: string | null };

/** Spec §6: a company signs with its company name, a person with the full name. */
async function findSender(db: Database, accountId: string): Promise<Sender | null> {
  const [profile] = await db
    .select({
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
      personalNif: profiles.personalNif,
      companyNif: profiles.companyNif,
    })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  if (!profile) return null;
  const isCompany = profile.accountType === 'empresa';
  const name = (isCompany ? profile.companyName : profile.fullName)?.trim() || profile.email;
  const nif = (isCompany ? profile.companyNif : profile.personalNif) || null;
  return { name, email: profile.email, nif };
}

export type NotifyPaymentParams = {
  accountId: string;
  /** The invoice just marked paid; it must carry a supplier NIF. */
  invoice: InvoiceRow & { supplierNif: string };
  /** The payment date shown in the email (the invoice's paid_at). */
  paidOn: CalendarDate;
};

export async function notifyPayment(
  db: Database,
  mailer: Mailer,
  { accountId, invoice, paidOn }: NotifyPaymentParams,
): Promise<PaymentNotificationDto> {
  const supplier = await findNotificationSupplier(db, { accountId, nif: invoice.supplierNif });
  if (!supplier) return { outcome: 'not_found', supplierName: null };
  const supplierName = supplier.name;
  if (!supplier.notifyByEmail) return { outcome: 'disabled', supplierName };
  const supplierEmail = supplier.email?.trim();
  if (!supplierEmail) return { outcome: 'no_email', supplierName };
  const sender = await findSender(db, accountId);
  if (!sender) return { outcome: 'failed', supplierName };

  const content = {
    supplierName,
    senderName: sender.name,
    senderNif: sender.nif,
    invoiceNumber: invoice.number,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    paidOn,
    customTemplate: supplier.customTemplate,
  };
  const common = {
    accountId,
    fromName: sender.name,
    replyTo: sender.email,
    metadata: { fatura_id: invoice.id },
  };
  // The audit row is the claim: a second request for this invoice (later, or at the same
  // moment) finds it and sends nothing. A failed send frees the claim for a later retry.
  const result = await mailer.sendOnce({
    ...common,
    to: supplierEmail,
    type: PAYMENT_NOTIFICATION_EMAIL_TYPE,
    ...paymentNotificationEmail(content),
  });
  if (!result) return { outcome: 'already_sent', supplierName };
  if (!result.ok) return { outcome: 'failed', supplierName };
  if (supplier.sendCopy) {
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
