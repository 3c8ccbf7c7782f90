// What src/server/crash-recovery.test.ts reads back from the database after the restart: the
// rows an invoice create writes in one transaction (invoice, VAT lines, supplier), the payment
// fields, the idempotency keys, and the payment emails' audit rows.
import { eq } from 'drizzle-orm';
import {
  emailAudit,
  idempotencyKeys,
  invoiceVatLines,
  invoices,
  PAYMENT_NOTIFICATION_EMAIL_TYPE,
  suppliers,
} from '#server/db/schema/index.ts';
import type { Store } from './crash-recovery-test-kit.ts';

/** What the test reads back from the database once the restarted server has stopped. */
export type Snapshot = Awaited<ReturnType<typeof readSnapshot>>;

/** The account's rows that a create or a payment change writes, and its keys and emails. */
export async function readSnapshot(store: Store, accountId: string) {
  const handle = await store.open();
  try {
    const { db } = handle;
    return {
      invoices: await db
        .select({
          id: invoices.id,
          number: invoices.number,
          supplierNif: invoices.supplierNif,
          vatCents: invoices.vatCents,
          hasVatBreakdown: invoices.hasVatBreakdown,
          isPaid: invoices.isPaid,
          paymentStatus: invoices.paymentStatus,
          paymentMethod: invoices.paymentMethod,
          paidAt: invoices.paidAt,
          updatedAt: invoices.updatedAt,
        })
        .from(invoices)
        .where(eq(invoices.accountId, accountId)),
      vatLines: await db
        .select({
          invoiceId: invoiceVatLines.invoiceId,
          region: invoiceVatLines.region,
          rateBand: invoiceVatLines.rateBand,
          baseCents: invoiceVatLines.baseCents,
          vatCents: invoiceVatLines.vatCents,
        })
        .from(invoiceVatLines)
        .where(eq(invoiceVatLines.accountId, accountId)),
      supplierNifs: new Set(
        (
          await db
            .select({ nif: suppliers.nif })
            .from(suppliers)
            .where(eq(suppliers.accountId, accountId))
        ).map((row) => row.nif),
      ),
      keys: await db
        .select({
          key: idempotencyKeys.key,
          route: idempotencyKeys.route,
          status: idempotencyKeys.status,
          body: idempotencyKeys.body,
        })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.accountId, accountId)),
      notifications: (
        await db
          .select({ status: emailAudit.status, type: emailAudit.type, to: emailAudit.toAddress })
          .from(emailAudit)
          .where(eq(emailAudit.accountId, accountId))
      ).filter((row) => row.type === PAYMENT_NOTIFICATION_EMAIL_TYPE),
    };
  } finally {
    await handle.close();
  }
}
