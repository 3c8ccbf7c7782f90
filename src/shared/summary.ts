// The monthly summary (/resumo, spec invoice-work §2 "Monthly summary", §9): the period a month
// and its quarter cover, the years the selector offers, the chart limits and the status bar's
// rules. Shared by the server's aggregate and the web's screen.
import {
  addDays,
  isValidCalendarDate,
  startOfNextMonth,
  todayInLisbon,
  type CalendarDate,
} from './dates.ts';
import { quarterOfMonth } from './vat-breakdown.ts';

/** Spec §9 "Years list 5": this year and the four before it. */
export const SUMMARY_YEAR_COUNT = 5;
/** Spec §9 "Chart limits 6 suppliers on mobile, 8 on desktop". */
export const TOP_SUPPLIERS_PHONE = 6;
export const TOP_SUPPLIERS_DESKTOP = 8;
/** Spec §9 "Slice label threshold 8 percent, minimum width 3 percent". */
export const STATUS_LABEL_MIN_PERCENT = 8;
export const STATUS_SLICE_MIN_PERCENT = 3;

export type SummaryMonth = { year: number; month: number };
/** A run of days: `from` inclusive, `to` exclusive, as the issue-date filters take them. */
export type DayRange = { from: CalendarDate; to: CalendarDate };

const pad2 = (n: number) => String(n).padStart(2, '0');

function firstDay({ year, month }: SummaryMonth): CalendarDate {
  const date = `${String(year).padStart(4, '0')}-${pad2(month)}-01`;
  if (!isValidCalendarDate(date)) throw new RangeError(`Not a month: ${year}-${month}`);
  return date;
}

/** The month's days. Calendar dates: summer time in Lisbon cannot move an invoice's day. */
export function monthRange(month: SummaryMonth): DayRange {
  const from = firstDay(month);
  return { from, to: startOfNextMonth(from) };
}

/** The calendar quarter the month is in (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec). */
export function quarterRange({ year, month }: SummaryMonth): DayRange & { quarter: number } {
  const quarter = quarterOfMonth(month);
  const first = (quarter - 1) * 3 + 1;
  return {
    quarter,
    from: firstDay({ year, month: first }),
    to: startOfNextMonth(firstDay({ year, month: first + 2 })),
  };
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let day = range.from; day < range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month the summary opens on: the current one in Europe/Lisbon. */
export function currentSummaryMonth(today: CalendarDate = todayInLisbon()): SummaryMonth {
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** The selector's years, newest first. */
export function summaryYears(today: CalendarDate = todayInLisbon()): number[] {
  const { year } = currentSummaryMonth(today);
  return Array.from({ length: SUMMARY_YEAR_COUNT }, (_, i) => year - i);
}

/**
 * The status bar's slice widths (percent, adding up to 100 when anything is shown): a slice
 * with an amount is at least STATUS_SLICE_MIN_PERCENT wide, taken from the wider ones.
 */
export function statusSliceWidths(percentages: readonly number[]): number[] {
  const shown = percentages.map((p) => (p > 0 ? Math.max(p, STATUS_SLICE_MIN_PERCENT) : 0));
  const total = shown.reduce((sum, p) => sum + p, 0);
  return total === 0 ? shown : shown.map((p) => (p / total) * 100);
}
