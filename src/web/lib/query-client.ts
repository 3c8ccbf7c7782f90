import { QueryClient } from '@tanstack/react-query';

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

/** The app's single client: the router's guards read the session through it too. */
export const queryClient = createQueryClient();
