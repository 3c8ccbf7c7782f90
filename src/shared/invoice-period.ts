// Period filter of the invoice list (spec invoice-work §2, §5, §7). Bounds are on
// the issue date: `from` inclusive (gte), `to` exclusive (lt), as the list query
// uses them. "Este mês" also lists earlier Pendente/Vencida invoices.
import { addDays, startOfMonth, startOfNextMonth, type CalendarDate } from './dates.ts';
import { isFromPreviousMonth, type InvoiceLike } from './invoice-status.ts';

export const INVOICE_PERIODS = ['all', 'last30days', 'thisMonth', 'previousMonths'] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];

export const INVOICE_PERIOD_LABELS = {
  all: 'Todas as Faturas',
  last30days: 'Últimos 30 dias',
  thisMonth: 'Este mês',
  previousMonths: 'Meses anteriores',
} as const satisfies Record<InvoicePeriod, string>;

/** Issue-date bounds: `from` inclusive, `to` exclusive; a missing bound is open. */
export type IssueDateRange = { from?: CalendarDate; to?: CalendarDate };

/** How far back "Últimos 30 dias" reaches: today − 30 days, inclusive. */
export const LAST_DAYS_WINDOW = 30;

/**
 * - all: no bound.
 * - last30days: issued from today − 30 days through today; later (future-dated)
 *   issue dates are left out, they are not "in the last 30 days".
 * - thisMonth: issued from the 1st of today's month until the 1st of the next.
 * - previousMonths: issued before the 1st of today's month.
 */
export function periodRange(period: InvoicePeriod, today: CalendarDate): IssueDateRange {
  switch (period) {
    case 'all':
      return {};
    case 'last30days':
      return { from: addDays(today, -LAST_DAYS_WINDOW), to: addDays(today, 1) };
    case 'thisMonth':
      return { from: startOfMonth(today), to: startOfNextMonth(today) };
    case 'previousMonths':
      return { to: startOfMonth(today) };
  }
}

export function isInRange(date: CalendarDate, range: IssueDateRange): boolean {
  return (
    (range.from === undefined || date >= range.from) && (range.to === undefined || date < range.to)
  );
}

/** The list's period filter; "Este mês" adds the earlier pending or overdue invoices. */
export function matchesPeriod(
  invoice: Pick<InvoiceLike, 'issueDate' | 'paymentStatus'>,
  period: InvoicePeriod,
  today: CalendarDate,
): boolean {
  if (isInRange(invoice.issueDate, periodRange(period, today))) return true;
  return period === 'thisMonth' && isFromPreviousMonth(invoice, today);
}

export function isInvoicePeriod(value: unknown): value is InvoicePeriod {
  return INVOICE_PERIODS.some((period) => period === value);
}
