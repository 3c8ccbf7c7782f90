import { DEFAULT_TIMEZONE } from '#shared/domain.ts';

const longDate = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** An instant as a pt-PT calendar date in Lisbon, e.g. '5 de dezembro de 2025'. */
export function formatTeamDate(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
