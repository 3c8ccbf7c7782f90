import { differenceInCalendarDays, format } from 'date-fns';
import { pt } from 'date-fns/locale/pt';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  PT_MONTHS,
  PT_MONTHS_SHORT,
  addDays,
  calendarDateInTimeZone,
  diffInDays,
  endOfMonth,
  endOfWeekSunday,
  formatDateLong,
  formatDateShort,
  isLeapYear,
  isValidCalendarDate,
  isoWeekday,
  monthName,
  parsePortugueseDate,
  startOfMonth,
  startOfNextMonth,
  startOfWeekMonday,
  todayInLisbon,
} from './dates.ts';

// Any real day between 1900 and 2200, as 'YYYY-MM-DD' and as date-fns sees it
// (a local Date at midnight, which is what date-fns' calendar helpers expect).
const calendarDate = fc
  .date({
    min: new Date(Date.UTC(1900, 0, 1)),
    max: new Date(Date.UTC(2200, 11, 31)),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const asLocalDate = (date: string) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
};

describe('dates', () => {
  test('todayInLisbon is already the next day at 23:30 UTC in summer time', () => {
    expect(todayInLisbon(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(todayInLisbon(new Date('2026-07-01T22:59:59Z'))).toBe('2026-07-01');
    expect(todayInLisbon(new Date('2026-07-01T23:00:00Z'))).toBe('2026-07-02');
  });

  test('todayInLisbon is still the same day at 23:30 UTC in winter time', () => {
    expect(todayInLisbon(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInLisbon(new Date('2026-01-01T23:59:59Z'))).toBe('2026-01-01');
    expect(todayInLisbon(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
  });

  test('todayInLisbon follows the DST switches of 2026', () => {
    // Clocks go forward on 29 March at 01:00 UTC and back on 25 October at 01:00 UTC.
    expect(todayInLisbon(new Date('2026-03-28T23:59:00Z'))).toBe('2026-03-28');
    expect(todayInLisbon(new Date('2026-03-29T23:00:00Z'))).toBe('2026-03-30');
    expect(todayInLisbon(new Date('2026-10-24T22:59:00Z'))).toBe('2026-10-24');
    expect(todayInLisbon(new Date('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
    expect(todayInLisbon(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-25');
  });

  test('todayInLisbon crosses the year at Lisbon midnight', () => {
    expect(todayInLisbon(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(todayInLisbon(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  test('todayInLisbon defaults to now', () => {
    const before = todayInLisbon(new Date());
    const today = todayInLisbon();
    expect([before, addDays(before, 1)]).toContain(today);
  });

  test('calendarDateInTimeZone reads the day in the given zone', () => {
    const instant = new Date('2026-07-01T23:30:00Z');
    expect(calendarDateInTimeZone(instant, 'UTC')).toBe('2026-07-01');
    expect(calendarDateInTimeZone(instant, 'Atlantic/Azores')).toBe('2026-07-01');
    expect(calendarDateInTimeZone(instant, 'Asia/Tokyo')).toBe('2026-07-02');
  });

  test('formatDateShort writes dd/MM/yyyy', () => {
    expect(formatDateShort('2026-03-05')).toBe('05/03/2026');
    expect(formatDateShort('2024-02-29')).toBe('29/02/2024');
    expect(formatDateShort('1999-12-31')).toBe('31/12/1999');
  });

  test('formatDateLong writes dd de MMMM de yyyy in lowercase Portuguese', () => {
    expect(formatDateLong('2026-03-05')).toBe('05 de março de 2026');
    expect(formatDateLong('2026-12-25')).toBe('25 de dezembro de 2026');
  });

  test('formatDateShort and formatDateLong match date-fns with the pt locale on any day', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const local = asLocalDate(date);
        expect(formatDateShort(date)).toBe(format(local, 'dd/MM/yyyy'));
        expect(formatDateLong(date)).toBe(format(local, "dd 'de' MMMM 'de' yyyy", { locale: pt }));
      }),
    );
  });

  test.each(['2026-02-30', '2026-3-5', '05/03/2026', '', 'garbage'])(
    'formatting refuses %j, which is not a calendar date',
    (value) => {
      expect(() => formatDateShort(value)).toThrow(RangeError);
      expect(() => formatDateLong(value)).toThrow(RangeError);
    },
  );

  test('PT_MONTHS and PT_MONTHS_SHORT are the names date-fns pt uses', () => {
    expect(PT_MONTHS).toHaveLength(12);
    expect(PT_MONTHS_SHORT).toEqual([
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
    ]);
    PT_MONTHS.forEach((name, index) => {
      expect(format(new Date(2026, index, 1), 'MMMM', { locale: pt })).toBe(name);
      expect(format(new Date(2026, index, 1), 'MMM', { locale: pt })).toBe(PT_MONTHS_SHORT[index]);
    });
    expect(PT_MONTHS[0]).toBe('janeiro');
    expect(PT_MONTHS[2]).toBe('março');
    expect(PT_MONTHS[11]).toBe('dezembro');
  });

  test('monthName takes a zero-based index and refuses others', () => {
    expect(monthName(0)).toBe('janeiro');
    expect(monthName(2)).toBe('março');
    expect(monthName(2, { short: true })).toBe('mar');
    expect(monthName(11)).toBe('dezembro');
    for (const bad of [-1, 12, 1.5, Number.NaN]) expect(() => monthName(bad)).toThrow(RangeError);
  });

  test.each([
    ['2026-03-05', true],
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2100-02-29', false],
    ['2026-04-30', true],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2026-3-5', false],
    ['2026-03-05T00:00', false],
    [' 2026-03-05', false],
    ['', false],
  ])('isValidCalendarDate(%j) is %s', (value, expected) => {
    expect(isValidCalendarDate(value)).toBe(expected);
  });

  test('isLeapYear follows the Gregorian rule', () => {
    expect([2024, 2000, 2400, 1600].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([2026, 1900, 2100, 2023].map(isLeapYear)).toEqual([false, false, false, false]);
  });

  test('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-03-05', 0)).toBe('2026-03-05');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // DST day in Lisbon
    expect(addDays('2026-03-05', -30)).toBe('2026-02-03');
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31');
  });

  test('addDays refuses fractional days, invalid dates and leaving years 1 to 9999', () => {
    expect(() => addDays('2026-03-05', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
  });

  test('diffInDays counts whole days from the second date to the first', () => {
    expect(diffInDays('2026-03-05', '2026-03-01')).toBe(4);
    expect(diffInDays('2026-03-01', '2026-03-05')).toBe(-4);
    expect(diffInDays('2026-03-05', '2026-03-05')).toBe(0);
    expect(diffInDays('2027-01-01', '2026-01-01')).toBe(365);
    expect(diffInDays('2025-01-01', '2024-01-01')).toBe(366);
    expect(diffInDays('2026-03-30', '2026-03-29')).toBe(1);
  });

  test('addDays and diffInDays agree with date-fns calendar days on any day', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -5000, max: 5000 }), (date, days) => {
        const later = addDays(date, days);
        expect(diffInDays(later, date)).toBe(days);
        expect(differenceInCalendarDays(asLocalDate(later), asLocalDate(date))).toBe(days);
        expect(isValidCalendarDate(later)).toBe(true);
      }),
    );
  });

  test('startOfMonth, endOfMonth and startOfNextMonth handle every month length', () => {
    expect(startOfMonth('2026-03-17')).toBe('2026-03-01');
    expect(endOfMonth('2026-03-17')).toBe('2026-03-31');
    expect(endOfMonth('2026-04-01')).toBe('2026-04-30');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonth('2100-02-10')).toBe('2100-02-28');
    expect(startOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(startOfNextMonth('2024-02-01')).toBe('2024-03-01');
  });

  test('isoWeekday numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-03-02')).toBe(1); // Monday
    expect(isoWeekday('2026-03-08')).toBe(7); // Sunday
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-29')).toBe(1);
  });

  test('startOfWeekMonday and endOfWeekSunday bound the week, including its edges', () => {
    expect(startOfWeekMonday('2026-03-05')).toBe('2026-03-02');
    expect(startOfWeekMonday('2026-03-02')).toBe('2026-03-02'); // a Monday is its own start
    expect(startOfWeekMonday('2026-03-08')).toBe('2026-03-02'); // a Sunday belongs to the week before
    expect(endOfWeekSunday('2026-03-08')).toBe('2026-03-08');
    expect(endOfWeekSunday('2026-03-02')).toBe('2026-03-08');
    expect(startOfWeekMonday('2026-01-01')).toBe('2025-12-29');
    expect(endOfWeekSunday('2026-12-31')).toBe('2027-01-03');
  });

  test('weeks start on Monday and end on Sunday for any day', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const start = startOfWeekMonday(date);
        expect(isoWeekday(start)).toBe(1);
        expect(diffInDays(endOfWeekSunday(date), start)).toBe(6);
        expect(diffInDays(date, start)).toBeGreaterThanOrEqual(0);
        expect(diffInDays(date, start)).toBeLessThan(7);
        expect(asLocalDate(start).getDay()).toBe(1);
      }),
    );
  });

  test.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['5-3-2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['05 / 03 / 2026', '2026-03-05'],
    ['05/03/26', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['2026/03/05', '2026-03-05'],
    ['2026-3-5', '2026-03-05'],
    ['5 de março de 2026', '2026-03-05'],
    ['5 de Março de 2026', '2026-03-05'],
    ['5 DE MARÇO DE 2026', '2026-03-05'],
    ['5 de marco de 2026', '2026-03-05'],
    ['05 mar 2026', '2026-03-05'],
    ['05 mar. 2026', '2026-03-05'],
    ['05-mar-2026', '2026-03-05'],
    ['05 março 2026', '2026-03-05'],
    ['1 fev 2024', '2024-02-01'],
    ['29 fevereiro 2024', '2024-02-29'],
    ['31 dez 2026', '2026-12-31'],
    ['15 set 2026', '2026-09-15'],
    ['15 setembro, 2026', '2026-09-15'],
    ['  05/03/2026  ', '2026-03-05'],
    ['05\u00a0de\u00a0março\u00a0de\u00a02026', '2026-03-05'],
    ['5 de marc\u0327o de 2026', '2026-03-05'], // decomposed ç from some OCR output
  ])('parsePortugueseDate(%j) is %s', (text, expected) => {
    expect(parsePortugueseDate(text)).toBe(expected);
  });

  test.each([
    '',
    'hoje',
    '31/02/2026',
    '29/02/2026',
    '32/01/2026',
    '05/13/2026',
    '00/03/2026',
    '2026-02-30',
    '5 de marcos de 2026',
    '5 de ma de 2026',
    '5 de xyz de 2026',
    '30 fev 2024',
    '05/03/2026 12:00',
    'Data: 05/03/2026',
    '0000-01-01',
    '05032026',
  ])('parsePortugueseDate(%j) is null', (text) => {
    expect(parsePortugueseDate(text)).toBeNull();
  });

  test('parsePortugueseDate reads back every short and long format it writes', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        expect(parsePortugueseDate(formatDateShort(date))).toBe(date);
        expect(parsePortugueseDate(formatDateLong(date))).toBe(date);
        expect(parsePortugueseDate(date)).toBe(date);
        const local = asLocalDate(date);
        expect(parsePortugueseDate(format(local, 'dd MMM yyyy', { locale: pt }))).toBe(date);
      }),
    );
  });
});
