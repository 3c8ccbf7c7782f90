// Pure presentation rules of the invoice card and row (spec invoice-work §2, §9).
import type { CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';
import { isUrgent, shownStatus } from '#shared/invoice-status.ts';

/** Observations in the 'Detalhes' hover card are cut at 100 characters (§9). */
export const HOVER_NOTES_MAX = 100;

/** At most `max` characters, an ellipsis marking the cut; whole code points, never half. */
export function truncateText(text: string, max = HOVER_NOTES_MAX): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Badge counts cap at 99+ (§9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * Status and urgency as the card, row and sheet show them, by the shared rules and Lisbon's
 * today at render time: a tab left open overnight shows Vencida and drops 'Urgente' without
 * waiting for a refetch (issue 13 point 6).
 */
export function displayState(
  invoice: { dueDate: CalendarDate; paymentStatus: PaymentStatus; isPaid: boolean },
  today: CalendarDate,
): { status: PaymentStatus; isUrgent: boolean } {
  const status = shownStatus(invoice, today);
  return { status, isUrgent: isUrgent({ dueDate: invoice.dueDate, paymentStatus: status }, today) };
}
