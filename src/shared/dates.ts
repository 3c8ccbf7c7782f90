// Calendar dates (issue, due, paid, limit periods) are 'YYYY-MM-DD' strings, never
// JS Dates: a Date is an instant, and turning one into a day depends on a time
// zone (STYLE.md "Data"). Arithmetic here is integer day numbers (proleptic
// Gregorian, H. Hinnant's civil-day algorithms), so DST and the host's zone
// cannot shift a day. Only "today" starts from an instant, read in Europe/Lisbon.
import { DEFAULT_TIMEZONE } from './domain.ts';

/** A calendar date written 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** Full month names as date-fns' `pt` locale writes them (lowercase). */
export const PT_MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** Abbreviated month names as date-fns' `pt` locale writes them (`MMM`). */
export const PT_MONTHS_SHORT = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
] as const;

/** Month name by zero-based index (0 = janeiro), full or abbreviated. */
export function monthName(monthIndex: number, options: { short?: boolean } = {}): string {
  const name = (options.short ? PT_MONTHS_SHORT : PT_MONTHS)[monthIndex];
  if (name === undefined) throw new RangeError(`monthName: no month at index ${monthIndex}`);
  return name;
}

type Civil = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidCivil({ year, month, day }: Civil): boolean {
  return (
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function readCivil(date: CalendarDate): Civil | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidCivil(civil) ? civil : null;
}

function parseCivil(date: CalendarDate): Civil {
  const civil = readCivil(date);
  if (!civil) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return civil;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function writeCivil({ year, month, day }: Civil): CalendarDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 'YYYY-MM-DD' that names a real day between 0001-01-01 and 9999-12-31. */
export function isValidCalendarDate(value: string): boolean {
  return readCivil(value) !== null;
}

// Days since 1970-01-01.
function toDayNumber({ year, month, day }: Civil): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromDayNumber(dayNumber: number): Civil {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`addDays needs whole days, got ${days}`);
  const result = fromDayNumber(toDayNumber(parseCivil(date)) + days);
  if (!isValidCivil(result)) throw new RangeError(`addDays: ${date} + ${days} leaves years 1-9999`);
  return writeCivil(result);
}

/** Whole days from `from` to `to`: positive when `to` is later (like date-fns differenceInDays(to, from)). */
export function diffInDays(to: CalendarDate, from: CalendarDate): number {
  return toDayNumber(parseCivil(to)) - toDayNumber(parseCivil(from));
}

export function startOfMonth(date: CalendarDate): CalendarDate {
  return writeCivil({ ...parseCivil(date), day: 1 });
}

export function endOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = parseCivil(date);
  return writeCivil({ year, month, day: daysInMonth(year, month) });
}

/** The first day of the following month: the exclusive upper bound of a month. */
export function startOfNextMonth(date: CalendarDate): CalendarDate {
  return addDays(endOfMonth(date), 1);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(parseCivil(date)) + 3) % 7) + 7) % 7) + 1;
}

export function startOfWeekMonday(date: CalendarDate): CalendarDate {
  return addDays(date, 1 - isoWeekday(date));
}

export function endOfWeekSunday(date: CalendarDate): CalendarDate {
  return addDays(date, 7 - isoWeekday(date));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The last answer per time zone, for the minute it was asked in. Since the 1970s every time
 * zone's offset is a whole number of minutes (earlier local mean times were not: Lisbon's was
 * −0:36:45), so a date changes only on a minute boundary and the answer holds for the whole
 * minute; formatToParts costs tens of microseconds and runs on every request.
 */
const lastDayInZone = new Map<string, { minute: number; date: CalendarDate }>();
const MINUTE_MS = 60_000;
/** 1980-01-01T00:00Z in minutes: from here on, offsets are whole minutes everywhere. */
const CACHED_FROM_MINUTE = 5_258_880;

/** The calendar date an instant falls on in a time zone. */
export function calendarDateInTimeZone(instant: Date, timeZone: string): CalendarDate {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastDayInZone.get(timeZone);
  if (last?.minute === minute) return last.date;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const date = writeCivil({ year: part('year'), month: part('month'), day: part('day') });
  if (minute >= CACHED_FROM_MINUTE) lastDayInZone.set(timeZone, { minute, date });
  return date;
}

/** Today in Portugal (mainland), whatever the host's time zone. */
export function todayInLisbon(now: Date = new Date()): CalendarDate {
  return calendarDateInTimeZone(now, DEFAULT_TIMEZONE);
}

/** 'dd/MM/yyyy': '2026-03-05' → '05/03/2026'. */
export function formatDateShort(date: CalendarDate): string {
  const { year, month, day } = parseCivil(date);
  return `${pad(day, 2)}/${pad(month, 2)}/${pad(year, 4)}`;
}

/** "dd 'de' MMMM 'de' yyyy" in pt: '2026-03-05' → '05 de março de 2026'. */
export function formatDateLong(date: CalendarDate): string {
  const { year, month, day } = parseCivil(date);
  return `${pad(day, 2)} de ${monthName(month - 1)} de ${pad(year, 4)}`;
}

// parsePortugueseDate: forms people and OCR write. Day-first only (Portugal never
// writes month-first); a two-digit year means 20yy. Month words match with or
// without accents, any case, as the full name or any prefix of 3+ letters ('mar',
// 'marc', 'março', 'set.'), optionally with 'de' around them.
const ISO_LIKE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/u;
const DAY_FIRST = /^(\d{1,2}) ?[-/.] ?(\d{1,2}) ?[-/.] ?(\d{4}|\d{2})$/u;
const DAY_MONTH_WORD = /^(\d{1,2})(?: de)?[ \-/.]*([a-z]{3,})\.?(?: de)?[ \-/.,]*(\d{4})$/u;
const MONTH_WORDS = PT_MONTHS.map((name) => foldAccents(name));

function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

function monthFromWord(word: string): number | null {
  const index = MONTH_WORDS.findIndex((name) => name.startsWith(word));
  return index === -1 ? null : index + 1;
}

function toCalendarDate(year: number, month: number | null, day: number): CalendarDate | null {
  if (month === null) return null;
  const civil = { year, month, day };
  return isValidCivil(civil) ? writeCivil(civil) : null;
}

/** A date written the Portuguese way, as 'YYYY-MM-DD', or null when it is not a real date. */
export function parsePortugueseDate(text: string): CalendarDate | null {
  const input = foldAccents(text).toLowerCase().replace(/\s+/gu, ' ').trim();
  let match = ISO_LIKE.exec(input);
  if (match) return toCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = DAY_FIRST.exec(input);
  if (match) {
    const rawYear = match[3] ?? '';
    const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
    return toCalendarDate(year, Number(match[2]), Number(match[1]));
  }
  match = DAY_MONTH_WORD.exec(input);
  if (match)
    return toCalendarDate(Number(match[3]), monthFromWord(match[2] ?? ''), Number(match[1]));
  return null;
}
