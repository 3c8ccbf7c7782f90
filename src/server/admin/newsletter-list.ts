// `newsletter [--json]` (issue 20 point 5): the addresses that confirmed the landing page's
// newsletter (double opt-in), oldest confirmation first, for the operator who sends it. Pending
// and unsubscribed addresses are left out: they never said yes, or said no since.
import {
  listConfirmedSubscribers,
  type ConfirmedSubscriber,
} from '#server/features/newsletter/newsletter.queries.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import type { AdminDeps } from './admin-deps.ts';
import { done, type AdminOutput } from './admin-request.ts';
import { textTable } from './text-table.ts';

export const NO_NEWSLETTER_SUBSCRIBERS = 'Nenhuma subscrição confirmada da newsletter.';

const lisbon = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatSubscribersTable(subscribers: readonly ConfirmedSubscriber[]): string {
  if (subscribers.length === 0) return NO_NEWSLETTER_SUBSCRIBERS;
  const rows = subscribers.map((s) => [s.email, lisbon.format(s.confirmedAt)]);
  const total =
    subscribers.length === 1
      ? '1 subscrição confirmada.'
      : `${subscribers.length} subscrições confirmadas.`;
  return textTable(['Email', 'Confirmada em'], rows, total);
}

export function formatSubscribersJson(subscribers: readonly ConfirmedSubscriber[]): string {
  return JSON.stringify(
    subscribers.map((s) => ({ email: s.email, confirmedAt: s.confirmedAt.toISOString() })),
    null,
    2,
  );
}

export async function newsletterCommand(
  deps: Pick<AdminDeps, 'db'>,
  request: { json: boolean },
): Promise<AdminOutput> {
  const subscribers = await listConfirmedSubscribers(deps.db);
  return done(
    request.json ? formatSubscribersJson(subscribers) : formatSubscribersTable(subscribers),
  );
}
