// Reminders (issue 20 point 4): what a person can be reminded of, by which channel, and the
// quiet hours during which nothing is sent (deferred to their end, never dropped). Pure and
// isomorphic: the settings form shows these values and the daily job decides with them.
import { DEFAULT_TIMEZONE } from './domain.ts';

/** Invoices due within DUE_SOON_DAYS, invoices that just became overdue, a supplier past 85 %. */
export const REMINDER_KINDS = [
  'invoice_due_soon',
  'invoice_overdue',
  'supplier_limit',
  'weekly_digest',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_CHANNELS = ['push', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** "Invoices due within 3 days": today and the next three days, due date inclusive. */
export const DUE_SOON_DAYS = 3;
/**
 * "Just became overdue": a due date in the last week. A reminder is recorded once per invoice
 * and due date, so the week only lets a server that was down for a few days catch up.
 */
export const OVERDUE_LOOKBACK_DAYS = 7;
/** The weekly digest goes out on Mondays (ISO weekday 1), with the week ahead. */
export const WEEKLY_DIGEST_WEEKDAY = 1;

/** The kinds a person chooses channels for; the weekly digest is email only. */
export const CHANNEL_KINDS = [
  'invoice_due_soon',
  'invoice_overdue',
  'supplier_limit',
] as const satisfies readonly ReminderKind[];
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export type Channels = { push: boolean; email: boolean };

export type QuietHours = {
  enabled: boolean;
  /** 'HH:MM', in Europe/Lisbon. */
  start: string;
  end: string;
};

export type ReminderPreferences = {
  invoiceDueSoon: Channels;
  invoiceOverdue: Channels;
  supplierLimit: Channels;
  weeklyDigest: { email: boolean };
  quietHours: QuietHours;
};

/**
 * Until a person saves their own: push for the three kinds (a device only gets one once its
 * owner said yes to notifications), no email, no digest, quiet from 22:00 to 08:00.
 */
export const DEFAULT_REMINDER_PREFERENCES: ReminderPreferences = {
  invoiceDueSoon: { push: true, email: false },
  invoiceOverdue: { push: true, email: false },
  supplierLimit: { push: true, email: false },
  weeklyDigest: { email: false },
  quietHours: { enabled: true, start: '22:00', end: '08:00' },
};

/** The preference of each channel kind, by kind. */
export function channelsFor(preferences: ReminderPreferences, kind: ReminderKind): Channels {
  switch (kind) {
    case 'invoice_due_soon':
      return preferences.invoiceDueSoon;
    case 'invoice_overdue':
      return preferences.invoiceOverdue;
    case 'supplier_limit':
      return preferences.supplierLimit;
    case 'weekly_digest':
      return { push: false, email: preferences.weeklyDigest.email };
  }
}

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const MINUTES_PER_DAY = 1440;

/** 'HH:MM' → minutes after midnight. */
export function minutesOfDay(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Minutes after midnight → 'HH:MM'. */
export function timeOfDay(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock minute of the day of `instant` in `timeZone`. */
export function localMinuteOfDay(instant: Date, timeZone: string = DEFAULT_TIMEZONE): number {
  let format = minuteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    minuteFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `minute` (of the day) falls in the quiet hours: from start (inclusive) to end
 * (exclusive), across midnight when start is later than end. Equal ends are no quiet hours.
 */
export function isQuietMinute(minute: number, quiet: QuietHours): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When something meant for `now` may be sent: now, outside the quiet hours; else the moment
 * they end (the next `end` on the Lisbon clock). Summer time moves the clock by an hour on two
 * nights a year: the end is found on the wall clock, not by adding minutes blindly.
 */
export function quietHoursRelease(
  now: Date,
  quiet: QuietHours,
  timeZone: string = DEFAULT_TIMEZONE,
): Date {
  const minute = localMinuteOfDay(now, timeZone);
  if (!isQuietMinute(minute, quiet)) return now;
  const end = minutesOfDay(quiet.end);
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  let release = startOfMinute + ((end - minute + MINUTES_PER_DAY) % MINUTES_PER_DAY) * 60_000;
  // One correction for a clock change in between (the wall clock gained or lost an hour).
  const drift = end - localMinuteOfDay(new Date(release), timeZone);
  const wrapped = ((drift + 720 + MINUTES_PER_DAY) % MINUTES_PER_DAY) - 720;
  release += wrapped * 60_000;
  return new Date(Math.max(release, now.getTime()));
}
