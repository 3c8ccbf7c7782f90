import { DEFAULT_TIMEZONE } from '#shared/domain.ts';

// When a message of the help chat was written, as a chat shows it, in Lisbon time: the hour
// today, the day and hour this year, the whole date before that.
const parts = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function lisbonParts(date: Date) {
  const found = Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    date: `${found.day}/${found.month}`,
    year: found.year ?? '',
    time: `${found.hour}:${found.minute}`,
  };
}

export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const at = lisbonParts(new Date(iso));
  const today = lisbonParts(now);
  if (at.year === today.year && at.date === today.date) return at.time;
  if (at.year === today.year) return `${at.date}, ${at.time}`;
  return `${at.date}/${at.year}, ${at.time}`;
}
