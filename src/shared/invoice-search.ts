// Search, status filter and order of the invoice list (spec invoice-work §2).
import { PT_MONTHS, PT_MONTHS_SHORT, type CalendarDate } from './dates.ts';
import type { PaymentStatus } from './domain.ts';
import { isFromPreviousMonth, type InvoiceLike } from './invoice-status.ts';

/** Lowercase, accents folded ('Março' → 'marco'), runs of whitespace made one space. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const MONTH_SEARCH_NAMES = PT_MONTHS.map((name, index) => [
  foldForSearch(name),
  foldForSearch(PT_MONTHS_SHORT[index] ?? name),
]);

/**
 * The months (1–12) whose full or abbreviated Portuguese name contains a folded search text
 * ('jan' → [1], 'bro' → [9, 10, 11, 12], 'ma' → [3, 5]): the months a search finds by name.
 */
export function monthsMatchingSearch(needle: string): number[] {
  if (needle === '') return [];
  return MONTH_SEARCH_NAMES.flatMap((names, index) =>
    names.some((name) => name.includes(needle)) ? [index + 1] : [],
  );
}

/**
 * The query as one piece of text, case- and accent-insensitive, found inside the
 * supplier name, the invoice number, or the full or abbreviated Portuguese name
 * of the issue month ('março', 'marco', 'mar', 'MAR' all find March). An empty
 * query matches everything.
 */
export function matchesSearch(
  invoice: Pick<InvoiceLike, 'supplierName' | 'number' | 'issueDate'>,
  query: string,
): boolean {
  const needle = foldForSearch(query);
  if (needle === '') return true;
  if (foldForSearch(invoice.supplierName ?? '').includes(needle)) return true;
  if (foldForSearch(invoice.number).includes(needle)) return true;
  return monthsMatchingSearch(needle).includes(Number(invoice.issueDate.slice(5, 7)));
}

/** The status chips combine; with none selected every status shows. */
export function matchesStatuses(
  invoice: Pick<InvoiceLike, 'paymentStatus'>,
  statuses: readonly PaymentStatus[],
): boolean {
  return statuses.length === 0 || statuses.includes(invoice.paymentStatus);
}

function instantOf(createdAt: string | Date): number {
  const time = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime();
  // An unreadable timestamp sorts as the oldest rather than breaking the order.
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

type Sortable = Pick<InvoiceLike, 'id' | 'createdAt' | 'issueDate' | 'paymentStatus'>;

/**
 * The list order: highlighted invoices ('Pendente do mês anterior') first, then
 * newest created first, ties broken by id descending so the order matches the
 * list query's `created_at desc, id desc`. Returns a new array.
 */
export function sortInvoices<T extends Sortable>(list: readonly T[], today: CalendarDate): T[] {
  const keyed = list.map((invoice) => ({
    invoice,
    isHighlighted: isFromPreviousMonth(invoice, today),
    time: instantOf(invoice.createdAt),
  }));
  keyed.sort((a, b) => {
    if (a.isHighlighted !== b.isHighlighted) return a.isHighlighted ? -1 : 1;
    if (a.time !== b.time) return b.time - a.time;
    if (a.invoice.id === b.invoice.id) return 0;
    return a.invoice.id < b.invoice.id ? 1 : -1;
  });
  return keyed.map(({ invoice }) => invoice);
}
