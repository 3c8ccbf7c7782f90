import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { EXPIRY_MESSAGES } from '../messages.ts';

const $get = api.api['invoice-expiry'].$get;
/** The daily check as this account sees it (spec invoice-work §7 check_cron_status). */
export type ExpiryStatus = InferResponseType<typeof $get, 200>;

export const expiryStatusQueryKey = invoiceKeys.expiryStatus();

export function fetchExpiryStatus(): Promise<ExpiryStatus> {
  return callApi(() => $get(), EXPIRY_MESSAGES.statusFailed);
}

// Spec invoice-work §9: the cron status is polled every 60 s (while shown and the tab is
// visible: TanStack Query pauses the interval in the background).
export const expiryStatusQueryOptions = queryOptions({
  queryKey: expiryStatusQueryKey,
  queryFn: fetchExpiryStatus,
  refetchInterval: 60_000,
});

export function useExpiryStatus() {
  return useQuery(expiryStatusQueryOptions);
}

const dateTime = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'dd/MM/yyyy às HH:mm' in Lisbon, whatever the device's zone. */
export function formatCheckTime(instant: string): string {
  const parts = dateTime.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return `${day} ${EXPIRY_MESSAGES.at} ${part('hour')}:${part('minute')}`;
}

// What that run changed, not how many are overdue: an invoice entered past its due date is
// Vencida at once (issue 13 point 6), so 'nenhuma fatura vencida' beside a Vencida card read as
// a contradiction. Worded as the 'Expirar faturas' toast (messages.ts expiredMessage).
function expiredCount(count: number): string {
  if (count === 0) return 'nenhuma fatura passou a vencida';
  return count === 1 ? '1 fatura passou a vencida' : `${count} faturas passaram a vencidas`;
}

/** The two halves of the status line: the last check (with its outcome) and the next. */
export function expiryStatusText(status: ExpiryStatus): { last: string; next: string } {
  let last: string = EXPIRY_MESSAGES.neverRun;
  if (status.lastRunAt !== null) {
    const outcome =
      status.lastStatus === 'failed'
        ? EXPIRY_MESSAGES.runFailed
        : expiredCount(status.lastUpdatedCount);
    last = `${formatCheckTime(status.lastRunAt)} (${outcome})`;
  }
  return {
    last: `${EXPIRY_MESSAGES.lastRun}: ${last}`,
    next: `${EXPIRY_MESSAGES.nextRun}: ${formatCheckTime(status.nextRunAt)}`,
  };
}
