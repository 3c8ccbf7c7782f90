// Days and instants as an operator in Portugal reads them: `--until 2026-12-31` grants the
// rights through that whole day in Lisbon, and end dates print in Lisbon time.
import {
  addDays,
  calendarDateInTimeZone,
  formatDateShort,
  isValidCalendarDate,
  type CalendarDate,
} from '#shared/dates.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: DEFAULT_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

function lisbonWallTime(instant: Date): WallTime & { second: number } {
  const parts = wallClock.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** Lisbon's offset from UTC at `instant`, in milliseconds (0 in winter, one hour in summer). */
function lisbonOffsetMs(instant: number): number {
  const wall = lisbonWallTime(new Date(instant));
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return wallAsUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant a Lisbon calendar day begins (Portugal changes clocks at 01:00 UTC, never at midnight). */
export function startOfDayInLisbon(date: CalendarDate): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, day);
  const guess = midnightUtc - lisbonOffsetMs(midnightUtc);
  return new Date(midnightUtc - lisbonOffsetMs(guess));
}

/** When rights granted "until `date`" end: the first instant of the next day in Lisbon. */
export function endOfDayInLisbon(date: CalendarDate): Date {
  return startOfDayInLisbon(addDays(date, 1));
}

export type UntilDateResult =
  { kind: 'ok'; endsAt: Date } | { kind: 'invalid' } | { kind: 'past'; today: CalendarDate };

/** `--until`: a real 'YYYY-MM-DD' whose end is still ahead of `now`. */
export function parseUntilDate(value: string, now: Date): UntilDateResult {
  if (!isValidCalendarDate(value)) return { kind: 'invalid' };
  const endsAt = endOfDayInLisbon(value);
  if (endsAt.getTime() <= now.getTime()) {
    return { kind: 'past', today: calendarDateInTimeZone(now, DEFAULT_TIMEZONE) };
  }
  return { kind: 'ok', endsAt };
}

/**
 * An end instant as an operator wrote it: a Lisbon midnight is the end of the day before
 * (`--until 2026-12-31` stores 2027-01-01 00:00), anything else keeps its time.
 */
function endParts(instant: Date): { date: string; time: string | null } {
  const wall = lisbonWallTime(instant);
  if (wall.hour === 0 && wall.minute === 0 && wall.second === 0) {
    const dayBefore = new Date(instant.getTime() - 1);
    return {
      date: formatDateShort(calendarDateInTimeZone(dayBefore, DEFAULT_TIMEZONE)),
      time: null,
    };
  }
  const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  return { date: formatDateShort(calendarDateInTimeZone(instant, DEFAULT_TIMEZONE)), time };
}

/** For a table column: '31/12/2026' or '15/12/2026 14:03'. */
export function formatEnd(instant: Date): string {
  const { date, time } = endParts(instant);
  return time === null ? date : `${date} ${time}`;
}

/** For a sentence after "até": 'ao fim do dia 31/12/2026' or '15/12/2026 às 14:03'. */
export function describeEnd(instant: Date): string {
  const { date, time } = endParts(instant);
  return time === null ? `ao fim do dia ${date}` : `${date} às ${time}`;
}

/** A creation date, Lisbon day, 'dd/MM/yyyy'. */
export function formatDay(instant: Date): string {
  return formatDateShort(calendarDateInTimeZone(instant, DEFAULT_TIMEZONE));
}
