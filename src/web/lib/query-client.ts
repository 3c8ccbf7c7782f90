import { QueryClient } from '@tanstack/react-query';
import { onProfileRefusal } from './call-api.ts';
import { profileKeys } from './query-keys.ts';
import { toast } from './toast.ts';

// Cache policy from spec invoice-work §9 "Global query cache (other views)" and
// accounts-access-plans §9 "Data fetching": views that need fresher data (the invoice
// list, counters) override these per query.
const STALE_TIME_MS = 5 * 60_000;
const GC_TIME_MS = 30 * 60_000;
const MAX_QUERY_RETRIES = 2;

/** Status codes that are worth retrying although they are 4xx (timeout, rate limit). */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/**
 * A client error will fail the same way again, so it is not retried — except 408 and 429.
 * Network errors and 5xx are retried up to twice.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    if (!RETRYABLE_CLIENT_STATUSES.has(status)) return false;
  }
  return failureCount < MAX_QUERY_RETRIES;
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
      },
      mutations: { retry: 1 },
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
