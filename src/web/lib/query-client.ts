import { QueryClient } from '@tanstack/react-query';
import { onProfileRefusal } from './call-api.ts';
import { profileKeys } from './query-keys.ts';
import { toast } from './toast.ts';

// Cache policy from spec invoice-work §9 "Global query cache (other views)" and
// accounts-access-plans §9 "Data fetching": views that need fresher data (the invoice
// list, counters) override these per query.
const STALE_TIME_MS = 5 * 60_000;
const GC_TIME_MS = 30 * 60_000;
/** Spec accounts §9 "Data fetching": queries up to 3 times, backoff capped at 30 s. */
const MAX_QUERY_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;
/** Mutations once (issue 19.4): creates carry an Idempotency-Key, so a retry never doubles. */
const MAX_MUTATION_RETRIES = 1;

/** Status codes that are worth retrying although they are 4xx (timeout, rate limit). */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/**
 * A client error will fail the same way again — except 408 and 429. Nothing is worth retrying
 * without a connection: the screen says so at once, and the queries on it run again when the
 * connection returns (refetchOnReconnect).
 */
function isRetryable(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return RETRYABLE_CLIENT_STATUSES.has(status);
  }
  return true;
}

/** Network errors, 5xx, 408 and 429 are retried up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isRetryable(error) && failureCount < MAX_QUERY_RETRIES;
}

/** The same errors, once. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return isRetryable(error) && failureCount < MAX_MUTATION_RETRIES;
}

/** 1 s, 2 s, 4 s… at most 30 s. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(1_000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: true,
        retry: shouldRetryQuery,
        retryDelay: retryDelayMs,
      },
      mutations: { retry: shouldRetryMutation, retryDelay: retryDelayMs },
    },
  });
}

/** Whether the cached profile says someone acts here (the profile feature's `acting`). */
function isSomeoneActing(client: QueryClient): boolean {
  const profile: unknown = client.getQueryData(profileKeys.all);
  if (typeof profile !== 'object' || profile === null || !('acting' in profile)) return false;
  const { acting } = profile;
  return typeof acting === 'object' && acting !== null && 'kind' in acting
    ? acting.kind !== 'pending'
    : false;
}

/**
 * ADR 024: a call refused because no profile acts in this browser (none chosen yet, or its
 * team session ended) refetches the profile — once, here, for every screen. Its `acting`
 * then says 'pending' and the protected layout shows 'Acesso à Conta' instead of a page that
 * cannot load. A refetch already under way is joined, not restarted, so a page whose every
 * call is refused asks once. A profile that was acting here also says why it ended (the
 * server's pt-PT message); a cookie left from an earlier sign-in, met before any profile
 * acts, says nothing.
 */
export function refetchProfileOnRefusal(client: QueryClient): () => void {
  return onProfileRefusal((error) => {
    const wasActing = isSomeoneActing(client);
    void client.invalidateQueries({ queryKey: profileKeys.all }, { cancelRefetch: false });
    if (error.code === 'TEAM_SESSION_ENDED' && wasActing) {
      void toast.error(error.message, { id: 'team-session-ended', duration: 5000 });
    }
  });
}

/** The app's single client: the router's guards read the session through it too. */
export const queryClient = createQueryClient();
refetchProfileOnRefusal(queryClient);
