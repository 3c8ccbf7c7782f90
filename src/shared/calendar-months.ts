// Calendar months as 'YYYY-MM' (the CMV and savings screens' month, the 12-month series):
// integer arithmetic on year and month, no Date, so no time zone can shift a month.
import { monthName, type CalendarDate } from './dates.ts';

/** A calendar month written 'YYYY-MM'. */
export type CalendarMonth = string;

function parts(month: CalendarMonth): { year: number; month: number } {
  const [year = Number.NaN, index = Number.NaN] = month.split('-').map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(index) || index < 1 || index > 12) {
    throw new RangeError(`not a calendar month: ${month}`);
  }
  return { year, month: index };
}

function write(year: number, month: number): CalendarMonth {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month a date falls in: '2026-03-05' → '2026-03'. */
export function monthOfDate(date: CalendarDate): CalendarMonth {
  return date.slice(0, 7);
}

/** The month's first day: '2026-03' → '2026-03-01'. */
export function firstDayOfMonth(month: CalendarMonth): CalendarDate {
  parts(month);
  return `${month}-01`;
}

/** `n` months later (earlier when negative). */
export function addMonths(month: CalendarMonth, n: number): CalendarMonth {
  const { year, month: index } = parts(month);
  const zeroBased = year * 12 + (index - 1) + n;
  return write(Math.floor(zeroBased / 12), (zeroBased % 12) + 1);
}

/** Whole months from `from` to `to` (positive when `to` is later). */
export function monthsBetween(from: CalendarMonth, to: CalendarMonth): number {
  const a = parts(from);
  const b = parts(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** `count` consecutive months ending with `last`, oldest first. */
export function monthsEndingAt(last: CalendarMonth, count: number): CalendarMonth[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/** 'março de 2026'. */
export function formatMonthLong(month: CalendarMonth): string {
  const { year, month: index } = parts(month);
  return `${monthName(index - 1)} de ${year}`;
}

/** 'mar 26' (chart axes). */
export function formatMonthShort(month: CalendarMonth): string {
  const { year, month: index } = parts(month);
  return `${monthName(index - 1, { short: true })} ${String(year % 100).padStart(2, '0')}`;
}
