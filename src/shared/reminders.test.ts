import { expect, test } from 'vitest';
import {
  DEFAULT_REMINDER_PREFERENCES,
  isQuietMinute,
  localMinuteOfDay,
  minutesOfDay,
  quietHoursRelease,
  timeOfDay,
} from './reminders.ts';

const NIGHT = DEFAULT_REMINDER_PREFERENCES.quietHours;
const at = (iso: string) => new Date(iso);

test('times of day read and write as HH:MM', () => {
  expect(minutesOfDay('22:00')).toBe(1320);
  expect(minutesOfDay('07:15')).toBe(435);
  expect(timeOfDay(435)).toBe('07:15');
  expect(timeOfDay(1440 + 5)).toBe('00:05');
});

test('quiet hours across midnight: from the start, until (not at) the end', () => {
  expect(isQuietMinute(minutesOfDay('21:59'), NIGHT)).toBe(false);
  expect(isQuietMinute(minutesOfDay('22:00'), NIGHT)).toBe(true);
  expect(isQuietMinute(minutesOfDay('03:00'), NIGHT)).toBe(true);
  expect(isQuietMinute(minutesOfDay('07:59'), NIGHT)).toBe(true);
  expect(isQuietMinute(minutesOfDay('08:00'), NIGHT)).toBe(false);
  const lunch = { enabled: true, start: '12:00', end: '14:00' };
  expect(isQuietMinute(minutesOfDay('13:00'), lunch)).toBe(true);
  expect(isQuietMinute(minutesOfDay('14:00'), lunch)).toBe(false);
  expect(isQuietMinute(minutesOfDay('03:00'), { ...NIGHT, enabled: false })).toBe(false);
  expect(
    isQuietMinute(minutesOfDay('08:00'), { enabled: true, start: '08:00', end: '08:00' }),
  ).toBe(false);
});

test('the wall clock is Lisbon’s, winter and summer', () => {
  expect(localMinuteOfDay(at('2026-01-15T22:30:00Z'))).toBe(minutesOfDay('22:30'));
  expect(localMinuteOfDay(at('2026-07-15T22:30:00Z'))).toBe(minutesOfDay('23:30'));
});

test('outside the quiet hours a reminder goes now; inside, when they end', () => {
  const noon = at('2026-01-15T12:00:00Z');
  expect(quietHoursRelease(noon, NIGHT)).toEqual(noon);
  expect(quietHoursRelease(at('2026-01-15T23:30:10Z'), NIGHT)).toEqual(at('2026-01-16T08:00:00Z'));
  expect(quietHoursRelease(at('2026-01-16T03:00:00Z'), NIGHT)).toEqual(at('2026-01-16T08:00:00Z'));
  // Summer time: 08:00 in Lisbon is 07:00 UTC.
  expect(quietHoursRelease(at('2026-07-15T22:00:00Z'), NIGHT)).toEqual(at('2026-07-16T07:00:00Z'));
});

test('over a clock change the end is found on the wall clock', () => {
  // 29 March 2026, 01:00 UTC: Lisbon goes from 01:00 to 02:00. Quiet from 22:00 on the 28th.
  expect(quietHoursRelease(at('2026-03-28T23:00:00Z'), NIGHT)).toEqual(at('2026-03-29T07:00:00Z'));
  // 25 October 2026, 01:00 UTC: from 02:00 back to 01:00.
  expect(quietHoursRelease(at('2026-10-24T22:00:00Z'), NIGHT)).toEqual(at('2026-10-25T08:00:00Z'));
});
