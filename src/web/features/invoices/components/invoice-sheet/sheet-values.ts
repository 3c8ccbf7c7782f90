// Pure helpers of the invoice detail sheet: the overdue texts, the images badge and the
// edit form's values and schema (derived from the API's own updateInvoiceSchema).
import type { z } from 'zod';
import { isValidCalendarDate, type CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';
import { daysOverdue, isOverdue } from '#shared/invoice-status.ts';
import { updateInvoiceSchema } from '#shared/schemas/invoice.ts';

const days = (count: number) => `${count} ${count === 1 ? 'dia' : 'dias'}`;

/** View mode (spec §2): 'Vencida há N dia(s)'. */
export function overdueText(count: number): string {
  return `Vencida há ${days(count)}`;
}

/** Edit form (spec §2): 'Venceu há N dias'. */
export function pastDueText(count: number): string {
  return `Venceu há ${days(count)}`;
}

/**
 * Whole days overdue (rounded up, spec §4), or null when the invoice is not overdue: paid,
 * due today or later, or the due date is not a date (yet, while typing).
 */
export function overdueDays(
  invoice: { dueDate: string; paymentStatus: PaymentStatus },
  today: CalendarDate,
): number | null {
  if (!isValidCalendarDate(invoice.dueDate) || !isOverdue(invoice, today)) return null;
  return daysOverdue(invoice.dueDate, today);
}

/** Badge counts cap at 99+ (spec §9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The edit form (spec §5): every field is on the form, so each is required here; a method
 * is kept only for Paga (the select is disabled otherwise), as the server does.
 */
export const invoiceEditSchema = updateInvoiceSchema.required().transform((data) => ({
  ...data,
  paymentMethod: data.paymentStatus === 'Paga' ? data.paymentMethod : null,
}));
export type InvoiceEditValues = z.input<typeof invoiceEditSchema>;
export type InvoiceEditData = z.output<typeof invoiceEditSchema>;

type EditableInvoice = Pick<InvoiceEditValues, 'dueDate' | 'paymentStatus' | 'paymentMethod'> & {
  notes: string | null;
};

export function toEditValues(invoice: EditableInvoice): InvoiceEditValues {
  return {
    dueDate: invoice.dueDate,
    paymentStatus: invoice.paymentStatus,
    paymentMethod: invoice.paymentMethod,
    notes: invoice.notes ?? '',
  };
}

/** Whether the form holds anything other than what it started from. */
export function hasEditChanges(values: InvoiceEditValues, initial: InvoiceEditValues): boolean {
  return (
    values.dueDate !== initial.dueDate ||
    values.paymentStatus !== initial.paymentStatus ||
    values.paymentMethod !== initial.paymentMethod ||
    (values.notes ?? '') !== (initial.notes ?? '')
  );
}
