// The commit of an e-Fatura import: each line the plan creates goes through the invoice API's
// own create (invoice-create.queries.ts createInvoice) — its monthly limit under the account's
// row lock, its duplicate rules, its supplier created on the fly or matched by NIF — one
// transaction per invoice, so what fits is kept when the limit is reached midway and a second
// commit of the same file (or two at once) finds every invoice already there.
import type { Database } from '#server/db/client.ts';
import { createInvoice } from '#server/features/invoices/invoice-create.queries.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import type { CalendarDate } from '#shared/dates.ts';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { EFATURA_SKIP_MESSAGES } from './efatura-import.messages.ts';
import type { ImportPlan, PlannedRow } from './efatura-plan.ts';

export type CommitImportParams = {
  accountId: string;
  plan: ImportPlan;
  today: CalendarDate;
  monthlyInvoiceLimit: number;
  limitMessage: string;
  /** The acting profile, recorded as each invoice's creator (issue 18.4). */
  author?: { key: string | null; name: string };
  /** createInvoice's (the portal's list names no buyer NIF, so nothing is sealed today). */
  cipher: FieldCipher;
};

type CreateRow = Extract<PlannedRow, { status: 'create' }>;

function createData(row: CreateRow): CreateInvoiceData {
  const { document, payment } = row;
  return {
    supplierNif: document.supplierNif,
    supplierName: row.supplierName,
    number: document.number,
    documentType: document.documentType,
    // The portal's list does not name the invoice a credit note corrects.
    originalInvoiceRef: null,
    issueDate: document.issueDate,
    // The portal has no due date: due when issued, as the new-invoice form proposes.
    dueDate: document.issueDate,
    totalCents: document.totalCents,
    vatCents: document.vatCents,
    atcud: document.atcud,
    paymentStatus: payment.paymentStatus,
    paymentMethod: payment.paymentMethod,
    notes: null,
    buyerNif: null,
    // Read from the tax portal's list, not typed, scanned or photographed.
    source: 'efatura',
    vatBreakdown: null,
  };
}

export async function commitImport(
  db: Database,
  { accountId, plan, today, monthlyInvoiceLimit, limitMessage, author, cipher }: CommitImportParams,
): Promise<{ plan: ImportPlan; createdIds: string[] }> {
  const createdIds: string[] = [];
  let isAtLimit = false;
  const rows: PlannedRow[] = [];
  // In the file's order, one at a time: the limit takes the first lines that fit.
  for (const row of plan.rows) {
    if (row.status !== 'create') {
      rows.push(row);
      continue;
    }
    const refusedByLimit: PlannedRow = {
      line: row.line,
      status: 'refuse-limit',
      document: row.document,
      reason: limitMessage,
    };
    if (isAtLimit) {
      rows.push(refusedByLimit);
      continue;
    }
    const result = await createInvoice(db, {
      accountId,
      data: createData(row),
      today,
      monthlyInvoiceLimit,
      author,
      cipher,
    });
    switch (result.kind) {
      case 'created':
        createdIds.push(result.invoice.id);
        rows.push({ ...row, invoiceId: result.invoice.id });
        break;
      case 'duplicate':
        // Created since the plan was read (another tab's commit of the same file).
        rows.push({
          line: row.line,
          status: 'skip',
          document: row.document,
          reason: EFATURA_SKIP_MESSAGES.alreadyInPapelada,
          invoiceId: result.existingId,
        });
        break;
      case 'limitReached':
        isAtLimit = true;
        rows.push(refusedByLimit);
        break;
    }
  }
  return { plan: { ...plan, rows }, createdIds };
}
