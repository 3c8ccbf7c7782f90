// The manual entry form keeps what the person typed as text (amounts the Portuguese way,
// '1.234,56'); this module turns it into the API body and holds the form's default rules.
import type { CalendarDate } from '#shared/dates.ts';
import type { DocumentType, PaymentMethod, PaymentStatus } from '#shared/domain.ts';
import { formatCents, parseEuros } from '#shared/money.ts';
import { normalizeNif } from '#shared/nif.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';

export type NewInvoiceFormValues = {
  supplierNif: string;
  supplierName: string;
  number: string;
  documentType: DocumentType;
  originalInvoiceRef: string;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  total: string;
  vat: string;
  atcud: string;
  paymentStatus: PaymentStatus;
  /** '' while no method is chosen (a native select needs a string). */
  paymentMethod: PaymentMethod | '';
  notes: string;
};

/** Per field, a note asking the person to confirm a value filled in for them (a scan). */
export type FieldChecks = Partial<Record<keyof NewInvoiceFormValues, string>>;

/** Receipts (FR) and simplified invoices (FS) are paid on the spot; the rest start pending. */
export function defaultStatusFor(documentType: DocumentType): PaymentStatus {
  return documentType === 'FR' || documentType === 'FS' ? 'Paga' : 'Pendente';
}

/** A fresh form: an ordinary invoice issued and due today. */
export function newInvoiceDefaults(today: CalendarDate): NewInvoiceFormValues {
  return {
    supplierNif: '',
    supplierName: '',
    number: '',
    documentType: 'FT',
    originalInvoiceRef: '',
    issueDate: today,
    dueDate: today,
    total: '',
    vat: '',
    atcud: '',
    paymentStatus: defaultStatusFor('FT'),
    paymentMethod: '',
    notes: '',
  };
}

/**
 * Cents of a typed amount: undefined when blank (the schema then says it is required or
 * defaults it), NaN when it is not an amount, so the schema's pt-PT message shows.
 */
function amountCents(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return parseEuros(text) ?? Number.NaN;
}

/** The API body for the typed values; the shared schema does the validating. */
export function toCreateInvoiceInput(values: NewInvoiceFormValues): CreateInvoiceInput {
  const isPaid = values.paymentStatus === 'Paga';
  return {
    supplierNif: normalizeNif(values.supplierNif),
    supplierName: values.supplierName,
    number: values.number,
    documentType: values.documentType,
    originalInvoiceRef: values.documentType === 'NC' ? values.originalInvoiceRef : null,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    // Blank is not an amount either: the schema says "Total deve ser um valor válido".
    totalCents: amountCents(values.total) ?? Number.NaN,
    vatCents: amountCents(values.vat),
    atcud: values.atcud,
    paymentStatus: values.paymentStatus,
    // A method only means something for a paid invoice (spec §4 "enabled only when Paga").
    paymentMethod: isPaid && values.paymentMethod !== '' ? values.paymentMethod : null,
    notes: values.notes,
  };
}

/** What an amount field shows after it loses focus: the euro value, or the text as typed. */
export function displayAmount(text: string): string {
  const cents = parseEuros(text);
  return cents === null || cents < 0 ? text : formatCents(cents);
}
