// The invoice as the API sends it (issue 4 contract "InvoiceDto"): amounts as stored,
// positive, also for a credit note (the client negates NC with signedAmountCents).
import type { CalendarDate } from '#shared/dates.ts';
import type { DocumentType, InvoiceSource, PaymentMethod, PaymentStatus } from '#shared/domain.ts';
import type { InvoiceSupplierDto } from '#server/features/suppliers/supplier-dto.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { openBuyerNif } from '#server/services/crypto/sealed-fields.ts';
import { isFromPreviousMonth, isUrgent, shownStatus } from '#shared/invoice-status.ts';
import type { ListedInvoice } from './invoices.queries.ts';

export type InvoiceDto = {
  id: string;
  number: string;
  supplierName: string;
  supplierNif: string | null;
  buyerNif: string | null;
  buyerName: string | null;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  totalCents: number;
  vatCents: number;
  atcud: string | null;
  documentType: DocumentType;
  paymentStatus: PaymentStatus;
  isPaid: boolean;
  paymentMethod: PaymentMethod | null;
  notes: string | null;
  imagePaths: string[];
  originalInvoiceRef: string | null;
  source: InvoiceSource;
  createdAt: string;
  /** Who created it and who last changed it (issue 18.4); null before teams existed. */
  createdByName: string | null;
  updatedByName: string | null;
  updatedAt: string;
  isHighlighted: boolean;
  /** Pendente and due today through today + 3 (spec §4 "Urgent"): the 'Urgente' badge. */
  isUrgent: boolean;
  /**
   * The account's supplier with this NIF (name, category icon, tags, limit panel), when there is
   * one; `spending` only on a plan with spending limits and for an active limit above zero.
   */
  supplier: InvoiceSupplierDto | null;
};

/**
 * `isHighlighted` comes from the list query when there is one; a single invoice computes
 * the same rule ('Pendente do mês anterior').
 */
export function toInvoiceDto(
  row: Omit<ListedInvoice, 'isHighlighted'> & { isHighlighted?: boolean },
  today: CalendarDate,
  supplier: InvoiceSupplierDto | null,
  cipher: FieldCipher,
): InvoiceDto {
  const status = shownStatus(row, today);
  return {
    id: row.id,
    number: row.number,
    supplierName: row.supplierName,
    supplierNif: row.supplierNif,
    // A person's NIF is sealed at rest (ADR 028); one no key opens is sent as it is stored,
    // which the web shows as '(encriptado)' (#shared/nif.ts formatNif).
    buyerNif: openBuyerNif(cipher, row),
    buyerName: row.buyerName,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    totalCents: row.totalCents,
    vatCents: row.vatCents,
    atcud: row.atcud,
    documentType: row.documentType,
    // What the date says, even before the nightly job has written Vencida (issue 13 point 6).
    paymentStatus: status,
    isPaid: row.isPaid,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    imagePaths: row.imagePaths,
    originalInvoiceRef: row.originalInvoiceRef,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName ?? null,
    updatedByName: row.updatedByName ?? null,
    updatedAt: row.updatedAt.toISOString(),
    isHighlighted: row.isHighlighted ?? isFromPreviousMonth(row, today),
    isUrgent: isUrgent({ dueDate: row.dueDate, paymentStatus: status }, today),
    supplier,
  };
}
