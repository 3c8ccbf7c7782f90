// Start-up in phases (spec invoice-work §4 "Bootstrap and loading", §9 prefetch stale times):
// once a session is known, the critical data (session, profile) loads first, then the recent
// data the dashboard opens on, then secondary data when the browser is idle, or after 2 s.
// Each is fetched into the cache under the key its screen reads, so that screen finds it
// there. Loaded on demand by the protected layout: TanStack Query stays out of the entry chunk.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { categoriesQueryOptions } from '#web/features/categories/api/get-categories.ts';
import { invoiceStatsQueryOptions } from '#web/features/invoices/api/get-invoice-stats.ts';
import { recentInvoicesQueryOptions } from '#web/features/invoices/api/list-recent-invoices.ts';
import { invoiceListQueryOptions } from '#web/features/invoices/api/list-invoices.ts';
import { profileQueryOptions } from '#web/features/profile/api/get-profile.ts';
import { topSuppliersQueryOptions } from '#web/features/suppliers/api/list-top-suppliers.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';

/** Spec invoice-work §9 "Prefetch stale times" (and "Invoices prefetch stale 60000 ms"). */
export const PREFETCH_STALE_MS = {
  profile: 15 * 60_000,
  thisMonthInvoices: 60_000,
  recentInvoices: 10 * 60_000,
  monthlyStats: 20 * 60_000,
  topSuppliers: 15 * 60_000,
  categories: 30 * 60_000,
} as const;

/** Secondary data waits for an idle moment, but never longer than this. */
export const SECONDARY_DELAY_MS = 2_000;

/** Spec invoice-work §10 messages: "Bootstrap | 'Bootstrap failed' | logged". */
export const BOOTSTRAP_FAILED = 'Bootstrap failed';

export type Prefetch = {
  name: string;
  queryKey: QueryKey;
  /** Fetches into the cache unless what is there is fresher than the prefetch's stale time. */
  run(client: QueryClient): Promise<unknown>;
};

export type BootstrapPhases = { critical: Prefetch[]; recent: Prefetch[]; secondary: Prefetch[] };

function prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  name: string,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  staleTime?: number,
): Prefetch {
  return {
    name,
    queryKey: options.queryKey,
    run: (client) =>
      client.fetchQuery(staleTime === undefined ? options : { ...options, staleTime }),
  };
}

export function bootstrapPhases(): BootstrapPhases {
  const thisMonth = invoiceListQueryOptions({ period: 'thisMonth', statuses: [], search: '' });
  return {
    critical: [
      prefetch('session', sessionQueryOptions),
      prefetch('profile', profileQueryOptions, PREFETCH_STALE_MS.profile),
    ],
    recent: [
      {
        name: "this month's invoices",
        queryKey: thisMonth.queryKey,
        run: (client) =>
          client.fetchInfiniteQuery({
            ...thisMonth,
            staleTime: PREFETCH_STALE_MS.thisMonthInvoices,
          }),
      },
      prefetch('recent invoices', recentInvoicesQueryOptions(), PREFETCH_STALE_MS.recentInvoices),
      prefetch(
        "the month's stats",
        invoiceStatsQueryOptions('thisMonth'),
        PREFETCH_STALE_MS.monthlyStats,
      ),
    ],
    secondary: [
      prefetch('top suppliers', topSuppliersQueryOptions(), PREFETCH_STALE_MS.topSuppliers),
      prefetch('categories', categoriesQueryOptions, PREFETCH_STALE_MS.categories),
    ],
  };
}

/** Calls back when the browser is idle, and after SECONDARY_DELAY_MS at the latest. */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => callback(), { timeout: SECONDARY_DELAY_MS });
  } else {
    setTimeout(callback, SECONDARY_DELAY_MS);
  }
}

/** Runs one phase's fetches together; false, with the failures logged, if any failed. */
async function runPhase(client: QueryClient, phase: Prefetch[]): Promise<boolean> {
  const results = await Promise.allSettled(phase.map((entry) => entry.run(client)));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [{ name: phase[i]?.name, reason: result.reason as unknown }]
      : [],
  );
  // Logged, not shown: each screen asks again for its own data and reports its own errors.
  if (failures.length > 0) console.warn(BOOTSTRAP_FAILED, failures);
  return failures.length === 0;
}

/**
 * Critical, then recent, then (when idle) secondary. Without the critical data the rest is
 * not attempted: the screens load what they need themselves. Never rejects.
 */
export async function runBootstrap(
  client: QueryClient,
  phases: BootstrapPhases = bootstrapPhases(),
  idle: (callback: () => void) => void = whenIdle,
): Promise<void> {
  if (!(await runPhase(client, phases.critical))) return;
  await runPhase(client, phases.recent);
  await new Promise<void>((resolve) => idle(resolve));
  await runPhase(client, phases.secondary);
}

let bootstrappedSessionId: string | undefined;

/** Once per signed-in session and page load: later navigations find the caches filled. */
export function bootstrapSession(client: QueryClient, sessionId: string): Promise<void> {
  if (bootstrappedSessionId === sessionId) return Promise.resolve();
  bootstrappedSessionId = sessionId;
  return runBootstrap(client);
}
