// Payment status rules of spec invoice-work §4: overdue, urgent, "from the
// previous month", and the transitions of the payment toggle, the edit form and
// the Pendente → Vencida expiry job. `today` is always a Lisbon calendar date
// passed in (todayInLisbon()), so these stay pure and testable.
import { addDays, diffInDays, startOfMonth, type CalendarDate } from './dates.ts';
import type { PaymentMethod, PaymentStatus } from './domain.ts';

/** The fields of an invoice the shared rules read; API rows and DB rows both fit. */
export type InvoiceLike = {
  id: string;
  issueDate: CalendarDate;
  /** Null-tolerant although the schema requires it: a null due date is never overdue. */
  dueDate: CalendarDate | null;
  paymentStatus: PaymentStatus;
  /** An ISO instant from JSON, or a Date from a database row. */
  createdAt: string | Date;
  supplierName: string | null;
  number: string;
  documentType: string | null;
  totalCents: number;
  vatCents: number;
};

/** How many days ahead (after today) a Pendente invoice counts as urgent. */
export const URGENT_WITHIN_DAYS = 3;

/** Banner of a pending or overdue invoice issued before the current month. */
export const PREVIOUS_MONTH_BADGE = 'Pendente do mês anterior';

const OPEN_STATUSES: readonly PaymentStatus[] = ['Pendente', 'Vencida'];

/** Due date before today and not Paga. Due today is not overdue yet. */
export function isOverdue(
  invoice: Pick<InvoiceLike, 'dueDate' | 'paymentStatus'>,
  today: CalendarDate,
): boolean {
  return invoice.paymentStatus !== 'Paga' && invoice.dueDate !== null && invoice.dueDate < today;
}

/**
 * Whole days since the due date ("Vencida há N dia(s)"): 1 the day after the due
 * date, 0 on or before it. Calendar dates have no fraction of a day, so "rounded
 * up" is exact.
 */
export function daysOverdue(dueDate: CalendarDate | null, today: CalendarDate): number {
  if (dueDate === null) return 0;
  return Math.max(0, diffInDays(today, dueDate));
}

/** Pendente and due from today through today + 3 days, both ends included. */
export function isUrgent(
  invoice: Pick<InvoiceLike, 'dueDate' | 'paymentStatus'>,
  today: CalendarDate,
): boolean {
  const { dueDate, paymentStatus } = invoice;
  if (paymentStatus !== 'Pendente' || dueDate === null) return false;
  return dueDate >= today && dueDate <= urgentUntil(today);
}

// A list page asks isUrgent and isFromPreviousMonth for every row with the same today.
let lastToday: { today: CalendarDate; urgentUntil: CalendarDate; monthStart: CalendarDate } | null =
  null;
function dayBounds(today: CalendarDate) {
  if (lastToday?.today !== today)
    lastToday = {
      today,
      urgentUntil: addDays(today, URGENT_WITHIN_DAYS),
      monthStart: startOfMonth(today),
    };
  return lastToday;
}
const urgentUntil = (today: CalendarDate) => dayBounds(today).urgentUntil;

/**
 * Pendente or Vencida and issued before the first day of today's month: the
 * 'Pendente do mês anterior' highlight, listed (first) under "Este mês" too.
 */
export function isFromPreviousMonth(
  invoice: Pick<InvoiceLike, 'issueDate' | 'paymentStatus'>,
  today: CalendarDate,
): boolean {
  return (
    OPEN_STATUSES.includes(invoice.paymentStatus) && invoice.issueDate < dayBounds(today).monthStart
  );
}

/** The payment fields a transition writes (spec: pago, estado_pagamento, metodo_pago). */
export type PaymentFields = {
  isPaid: boolean;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
};

/** Toggle switched on and a method picked. */
export function paymentOn(method: PaymentMethod): PaymentFields {
  return { isPaid: true, paymentStatus: 'Paga', paymentMethod: method };
}

/** Toggle switched off: Vencida when the due date has passed (is before today), else Pendente. */
export function paymentOff(
  invoice: Pick<InvoiceLike, 'dueDate'>,
  today: CalendarDate,
): PaymentFields {
  const hasPassed = invoice.dueDate !== null && invoice.dueDate < today;
  return { isPaid: false, paymentStatus: hasPassed ? 'Vencida' : 'Pendente', paymentMethod: null };
}

/**
 * Edit form save: the status is free, paid only when Paga, and the method is kept
 * only when Paga (the select is disabled otherwise, so a stale value is dropped).
 */
export function editSave(status: PaymentStatus, method: PaymentMethod | null): PaymentFields {
  const isPaid = status === 'Paga';
  return { isPaid, paymentStatus: status, paymentMethod: isPaid ? method : null };
}

/**
 * What a create or an edit stores (issue 13 point 6): editSave, except that a Pendente whose
 * due date has already passed is stored Vencida at once instead of waiting for the expiry job.
 * Paga and a chosen Vencida stay as chosen.
 */
export function savedPayment(
  status: PaymentStatus,
  method: PaymentMethod | null,
  dueDate: CalendarDate | null,
  today: CalendarDate,
): PaymentFields {
  const fields = editSave(status, method);
  return { ...fields, paymentStatus: statusAfterExpiry({ ...fields, dueDate }, today) };
}

/**
 * The status shown wherever an invoice is listed, counted or opened: the stored one, except
 * that a Pendente past its due date reads Vencida before the nightly job has written it (the
 * SQL side is src/server/features/invoices/effective-status.ts).
 */
export function shownStatus(
  invoice: Pick<InvoiceLike, 'dueDate' | 'paymentStatus'> & { isPaid?: boolean },
  today: CalendarDate,
): PaymentStatus {
  return statusAfterExpiry(invoice, today);
}

/** The method select of the edit form is enabled only for Paga. */
export function isPaymentMethodEnabled(status: PaymentStatus): boolean {
  return status === 'Paga';
}

/**
 * What the expiry job writes: a Pendente, unpaid invoice whose due date is before
 * today becomes Vencida; every other invoice keeps its status.
 */
export function statusAfterExpiry(
  invoice: Pick<InvoiceLike, 'dueDate' | 'paymentStatus'> & { isPaid?: boolean },
  today: CalendarDate,
): PaymentStatus {
  const expires =
    invoice.paymentStatus === 'Pendente' && invoice.isPaid !== true && isOverdue(invoice, today);
  return expires ? 'Vencida' : invoice.paymentStatus;
}
