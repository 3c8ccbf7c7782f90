// Supplier spending limits (spec invoice-work §4 "Spending-limit state", §5, §9):
// the period a limit covers, what was spent in it, and the state shown on cards.
import {
  addDays,
  calendarDateInTimeZone,
  diffInDays,
  endOfMonth,
  endOfWeekSunday,
  isValidCalendarDate,
  startOfMonth,
  startOfNextMonth,
  startOfWeekMonday,
  todayInLisbon,
  type CalendarDate,
} from './dates.ts';
import { DEFAULT_TIMEZONE } from './domain.ts';
import type { InvoiceLike } from './invoice-status.ts';
import { percentOf, signedAmountCents, sumCents } from './money.ts';

/** Above this percentage the state is 'Atenção ao limite'. */
export const LIMIT_WARNING_THRESHOLD = 70;
/** Above this percentage the state is 'Limite excedido'. */
export const LIMIT_EXCEEDED_THRESHOLD = 85;
export const LIMIT_PERCENTAGE_CAP = 100;

export type LimitPeriodSettings = {
  /** A SpendingLimitPeriod; unknown or missing values count as 'mensal', the default. */
  period: string | null | undefined;
  customStart?: CalendarDate | null;
  customEnd?: CalendarDate | null;
  /**
   * mensal: the day of the month a period starts (limite_reset_day, 1–31), clamped to the
   * month's length (31 starts on 30 April, 28 or 29 February). Missing or 1: the 1st.
   */
  resetDay?: number | null;
  /**
   * personalizado: once the end has passed, the period rolls forward by its own length until it
   * holds today (limite_renovacao_automatica). Missing or false: the ended period stays.
   */
  autoRenew?: boolean | null;
};

/** Both ends inclusive; `end` null means open-ended (personalizado without an end). */
export type LimitPeriodRange = { start: CalendarDate; end: CalendarDate | null };

/**
 * "Today" for a limit: the calendar date in the supplier's time zone (limite_timezone), in
 * Europe/Lisbon when the zone is missing or unknown to the platform.
 */
export function limitToday(
  timeZone: string | null | undefined,
  now: Date = new Date(),
): CalendarDate {
  try {
    return calendarDateInTimeZone(now, timeZone || DEFAULT_TIMEZONE);
  } catch {
    return todayInLisbon(now);
  }
}

/**
 * The period a limit covers on `today`:
 * - mensal (and anything unknown or missing): from the most recent reset day on or before
 *   today (clamped to the month's length; the 1st without one) to the day before the next;
 * - semanal: Monday through Sunday of today's week;
 * - personalizado: the given start through the given end (open when no end); when the end has
 *   passed and autoRenew is on, rolled forward by whole periods until it holds today. A
 *   personalizado without a valid start, or ending before it starts, falls back to mensal
 *   rather than covering nothing.
 */
export function limitPeriodRange(
  settings: LimitPeriodSettings,
  today: CalendarDate,
): LimitPeriodRange {
  if (settings.period === 'semanal') {
    return { start: startOfWeekMonday(today), end: endOfWeekSunday(today) };
  }
  const monthly = monthlyRange(today, settings.resetDay);
  if (settings.period !== 'personalizado') return monthly;
  const { customStart, customEnd } = settings;
  if (!customStart || !isValidCalendarDate(customStart)) return monthly;
  if (!customEnd || !isValidCalendarDate(customEnd)) return { start: customStart, end: null };
  if (customEnd < customStart) return monthly;
  if (customEnd >= today || settings.autoRenew !== true) {
    return { start: customStart, end: customEnd };
  }
  const length = diffInDays(customEnd, customStart) + 1;
  const shift = Math.ceil(diffInDays(today, customEnd) / length) * length;
  return { start: addDays(customStart, shift), end: addDays(customEnd, shift) };
}

/** The period of `settings` today in its time zone (see limitToday and limitPeriodRange). */
export function currentLimitPeriod(
  settings: LimitPeriodSettings & { timeZone?: string | null },
  now: Date = new Date(),
): LimitPeriodRange {
  return limitPeriodRange(settings, limitToday(settings.timeZone, now));
}

/** `day` of the month of `date`, or the month's last day when the month is shorter. */
function clampedDayOfMonth(date: CalendarDate, day: number): CalendarDate {
  const last = endOfMonth(date);
  const lastDay = Number(last.slice(8));
  return `${last.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

function monthlyRange(today: CalendarDate, resetDay: number | null | undefined): LimitPeriodRange {
  const day = typeof resetDay === 'number' && Number.isInteger(resetDay) ? resetDay : 1;
  if (day <= 1 || day > 31) return { start: startOfMonth(today), end: endOfMonth(today) };
  const thisMonth = clampedDayOfMonth(today, day);
  const start =
    thisMonth <= today ? thisMonth : clampedDayOfMonth(addDays(startOfMonth(today), -1), day);
  const nextStart = clampedDayOfMonth(startOfNextMonth(start), day);
  return { start, end: addDays(nextStart, -1) };
}

export function limitPeriodStart(settings: LimitPeriodSettings, today: CalendarDate): CalendarDate {
  return limitPeriodRange(settings, today).start;
}

/**
 * Spending in the range: only Paga invoices count, credit notes (NC) subtract.
 * The caller passes one supplier's invoices.
 */
export function spentInPeriod(
  invoices: Iterable<
    Pick<InvoiceLike, 'issueDate' | 'paymentStatus' | 'documentType' | 'totalCents'>
  >,
  range: LimitPeriodRange,
): number {
  const counted: number[] = [];
  for (const invoice of invoices) {
    if (invoice.paymentStatus !== 'Paga') continue;
    if (invoice.issueDate < range.start) continue;
    if (range.end !== null && invoice.issueDate > range.end) continue;
    counted.push(signedAmountCents(invoice.totalCents, invoice.documentType));
  }
  return sumCents(counted);
}

/** Percentage of the limit used, between 0 and 100; 0 when there is no positive limit. */
export function limitPercentage(spentCents: number, limitCents: number): number {
  if (!(limitCents > 0)) return 0;
  const percentage = percentOf(spentCents, limitCents);
  return Math.min(LIMIT_PERCENTAGE_CAP, Math.max(0, percentage));
}

export type LimitStateKey = 'within' | 'warning' | 'exceeded';
export type LimitState = {
  key: LimitStateKey;
  label: 'Dentro do limite' | 'Atenção ao limite' | 'Limite excedido';
  color: 'green' | 'amber' | 'red';
  /** Extra warning line, only in the red state. */
  warning: 'Limite de despesa excedido' | null;
};

const LIMIT_STATES = {
  within: { key: 'within', label: 'Dentro do limite', color: 'green', warning: null },
  warning: { key: 'warning', label: 'Atenção ao limite', color: 'amber', warning: null },
  exceeded: {
    key: 'exceeded',
    label: 'Limite excedido',
    color: 'red',
    warning: 'Limite de despesa excedido',
  },
} as const satisfies Record<LimitStateKey, LimitState>;

/** Up to 70 green, above 70 up to 85 amber, above 85 red (both thresholds inclusive below). */
export function limitState(percentage: number): LimitState {
  if (percentage > LIMIT_EXCEEDED_THRESHOLD) return LIMIT_STATES.exceeded;
  if (percentage > LIMIT_WARNING_THRESHOLD) return LIMIT_STATES.warning;
  return LIMIT_STATES.within;
}

/** The card panel shows only for an active limit with a positive amount. */
export function shouldShowLimitPanel(supplier: {
  active: boolean | null | undefined;
  amountCents: number | null | undefined;
}): boolean {
  return (
    supplier.active === true && typeof supplier.amountCents === 'number' && supplier.amountCents > 0
  );
}
