// Shared zod schemas for invoices (spec invoice-work §3 "Invoice", §4 payment transitions,
// §5 validation): the manual entry form (/nova-fatura), the edit form and the payment toggle,
// used by the forms and the API alike. Messages are the spec's, word for word, where it
// gives one.
import { z } from 'zod';
import { addDays, isValidCalendarDate, todayInLisbon } from '#shared/dates.ts';
import {
  DOCUMENT_TYPES,
  INVOICE_SOURCES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '#shared/domain.ts';
import { hasValidNifCheckDigit, isNifFormat, normalizeNif } from '#shared/nif.ts';
import { matchesInvoiceVat } from '#shared/vat-breakdown.ts';
import { AUTH_MESSAGES, optionalNifSchema } from './auth.ts';
import { optionalText, singleLineText } from './text.ts';
import { VAT_BREAKDOWN_MESSAGES, vatBreakdownSchema } from './vat-breakdown.ts';

export const INVOICE_MESSAGES = {
  nifLength: 'NIF deve ter 9 caracteres',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 200 caracteres',
  numberRequired: 'Número da fatura é obrigatório',
  numberTooLong: 'Número da fatura deve ter no máximo 60 caracteres',
  originalRefRequired: 'Indique a fatura original da nota de crédito',
  issueDateRequired: 'Data de emissão é obrigatória',
  issueDateInvalid: 'Data de emissão inválida',
  issueDateFuture: 'Data de emissão não pode ser futura',
  dueDateRequired: 'Data de vencimento é obrigatória',
  dueDateInvalid: 'Data de vencimento inválida',
  total: 'Total deve ser um valor válido',
  vat: 'IVA deve ser um valor válido',
  atcudTooLong: 'ATCUD deve ter no máximo 70 caracteres',
  methodRequired: 'Escolha o método de pagamento',
  notesTooLong: 'Observações devem ter no máximo 2000 caracteres',
  textTooLong: 'Texto demasiado longo',
} as const;

/**
 * Spec §5: "Dates before 1900-01-01 cannot be picked"; DESIGN.md's security rules narrow it to
 * 2000–2100, where a date typed with a slip (0226, 20260) is refused rather than stored.
 */
export const MIN_INVOICE_DATE = '2000-01-01';
export const MAX_INVOICE_DATE = '2100-12-31';
/**
 * 99 999 999,99 €: above it a single invoice is a typo, and the sums of an account's invoices
 * stay exact integers in a JavaScript number.
 */
export const MAX_INVOICE_CENTS = 9_999_999_999;
/** An issue date may be tomorrow in Lisbon: a device clock or zone a little ahead is not an error. */
export const ISSUE_DATE_FUTURE_TOLERANCE_DAYS = 1;

/** 'YYYY-MM-DD' naming a real day from 2000 to 2100. */
const calendarDate = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((d) => isValidCalendarDate(d) && d >= MIN_INVOICE_DATE && d <= MAX_INVOICE_DATE, {
      error: invalid,
      abort: true,
    });

const cents = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(0, message)
    .max(MAX_INVOICE_CENTS, message);

/**
 * A refinement's `when`: run once these fields parsed, whatever happened to the others. Never
 * when the value is not an object at all (a body of null, an array): an issue without a path
 * says so, and the refinement would read fields of nothing.
 */
export function fieldsParsed(...fields: string[]) {
  return (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    payload.issues.every(
      (issue) =>
        issue.path !== undefined &&
        issue.path.length > 0 &&
        !fields.includes(String(issue.path[0])),
    );
}

const notesSchema = optionalText('multi-line', 2000, INVOICE_MESSAGES.notesTooLong);

// Nine digits ('NIF deve ter 9 caracteres', spec §5). Alone it only finds what is stored (list
// filter, duplicate check, look-ups); a NIF that is typed in goes through typedNifSchema.
export const supplierNifSchema = z
  .string({ error: INVOICE_MESSAGES.nifLength })
  .transform(normalizeNif)
  .refine(isNifFormat, INVOICE_MESSAGES.nifLength);

/**
 * A NIF typed or scanned into a record (invoice issuer, supplier): nine digits and a right
 * check digit. A wrong one is refused on purpose, as at sign-up and in the profile: a wrong
 * NIF is a wrong fiscal record (issue 13 point 6).
 */
export const typedNifSchema = supplierNifSchema.refine(
  (nif) => !isNifFormat(nif) || hasValidNifCheckDigit(nif),
  AUTH_MESSAGES.nifInvalid,
);
const invoiceNumberSchema = singleLineText({ error: INVOICE_MESSAGES.numberRequired })
  .min(1, INVOICE_MESSAGES.numberRequired)
  .max(60, INVOICE_MESSAGES.numberTooLong);
const atcudSchema = optionalText('single-line', 70, INVOICE_MESSAGES.atcudTooLong);

/** What names an invoice for the duplicate rules 1 and 2 (GET /api/invoices/duplicate). */
export const duplicateCheckSchema = z.object({
  supplierNif: supplierNifSchema,
  number: invoiceNumberSchema,
  atcud: atcudSchema,
});
export type DuplicateCheckInput = z.input<typeof duplicateCheckSchema>;

export const createInvoiceSchema = z
  .object({
    supplierNif: typedNifSchema,
    supplierName: singleLineText({ error: INVOICE_MESSAGES.nameRequired })
      .min(1, INVOICE_MESSAGES.nameRequired)
      .max(200, INVOICE_MESSAGES.nameTooLong),
    number: invoiceNumberSchema,
    documentType: z.enum(DOCUMENT_TYPES).default('FT'),
    originalInvoiceRef: optionalText('single-line', 60, INVOICE_MESSAGES.textTooLong),
    issueDate: calendarDate(
      INVOICE_MESSAGES.issueDateRequired,
      INVOICE_MESSAGES.issueDateInvalid,
    ).refine(
      (d) => d <= addDays(todayInLisbon(), ISSUE_DATE_FUTURE_TOLERANCE_DAYS),
      INVOICE_MESSAGES.issueDateFuture,
    ),
    dueDate: calendarDate(INVOICE_MESSAGES.dueDateRequired, INVOICE_MESSAGES.dueDateInvalid),
    totalCents: cents(INVOICE_MESSAGES.total),
    vatCents: cents(INVOICE_MESSAGES.vat).default(0),
    atcud: atcudSchema,
    paymentStatus: z.enum(PAYMENT_STATUSES).default('Pendente'),
    paymentMethod: z.enum(PAYMENT_METHODS).nullish().default(null),
    notes: notesSchema,
    buyerNif: optionalNifSchema,
    // How the fields were read (the scanner sets it); typed by hand otherwise.
    source: z.enum(INVOICE_SOURCES).default('manual'),
    // The scanned document (POST /api/scan's scanId), kept as the invoice's first photo.
    scanId: z.uuid().optional(),
    // VAT by fiscal region × rate band, as the AT QR code printed it (ADR 019); none when typed.
    vatBreakdown: vatBreakdownSchema.nullish().default(null),
  })
  .superRefine((data, ctx) => {
    // A bad total already has its own message; VAT is compared only with a usable one.
    if (data.totalCents >= 0 && data.vatCents > data.totalCents) {
      ctx.addIssue({ code: 'custom', path: ['vatCents'], message: INVOICE_MESSAGES.vat });
    }
  })
  // These two run even when another field failed (a blank total, say), so a form shows
  // every problem at once; they read only the fields named in `when`.
  .refine((data) => data.documentType !== 'NC' || Boolean(data.originalInvoiceRef), {
    path: ['originalInvoiceRef'],
    message: INVOICE_MESSAGES.originalRefRequired,
    when: fieldsParsed('documentType', 'originalInvoiceRef'),
  })
  .refine((data) => data.paymentStatus !== 'Paga' || Boolean(data.paymentMethod), {
    path: ['paymentMethod'],
    message: INVOICE_MESSAGES.methodRequired,
    when: fieldsParsed('paymentStatus', 'paymentMethod'),
  })
  // Only a QR code carries a breakdown, and it must add up to the VAT saved with it.
  .refine((data) => data.vatBreakdown === null || data.source === 'qr', {
    path: ['vatBreakdown'],
    message: VAT_BREAKDOWN_MESSAGES.notFromQr,
    when: fieldsParsed('vatBreakdown', 'source'),
  })
  .refine(
    (data) => data.vatBreakdown === null || matchesInvoiceVat(data.vatBreakdown, data.vatCents),
    {
      path: ['vatBreakdown'],
      message: VAT_BREAKDOWN_MESSAGES.sumMismatch,
      when: fieldsParsed('vatBreakdown', 'vatCents'),
    },
  )
  // Only a credit note refers to an original invoice.
  .transform((data) => ({
    ...data,
    originalInvoiceRef: data.documentType === 'NC' ? data.originalInvoiceRef : null,
    paymentMethod: data.paymentMethod ?? null,
  }));
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoiceData = z.output<typeof createInvoiceSchema>;

/**
 * The edit form of the detail sheet (spec §5): every field optional on the wire, but a due
 * date that is sent cannot be empty. The paid flag and a stale method follow from the status
 * (#shared/invoice-status.ts editSave), so they are not fields here.
 */
export const updateInvoiceSchema = z
  .object({
    dueDate: calendarDate(INVOICE_MESSAGES.dueDateRequired, INVOICE_MESSAGES.dueDateInvalid),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
    notes: notesSchema,
  })
  .partial();
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;
export type UpdateInvoiceData = z.output<typeof updateInvoiceSchema>;

/** The payment toggle of the view mode (spec §4): switching it on needs a method. */
export const paymentChangeSchema = z
  .object({ paid: z.boolean(), method: z.enum(PAYMENT_METHODS).optional() })
  .refine((d) => !d.paid || d.method !== undefined, {
    path: ['method'],
    message: INVOICE_MESSAGES.methodRequired,
  });
export type PaymentChangeInput = z.input<typeof paymentChangeSchema>;
