import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AuthPendingPage, SPINNER_DELAY_MS } from '../pages/route-fallbacks.tsx';
import { parseSummarySearch } from '#web/features/summary/summary-search.ts';
import {
  parseDashboardSearch,
  parseNewInvoiceSearch,
  parseSubscriptionSearch,
} from './search-params.ts';
import { requireSession } from './require-session.ts';
import { appRoute } from './app-layout.tsx';

/** Pathless layout: every child needs a session (spec accounts §2). */
export const protectedRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'protected',
  beforeLoad: requireSession,
  pendingMs: SPINNER_DELAY_MS,
  pendingComponent: AuthPendingPage,
  // Loaded with the first page: it reads the profile (TanStack Query stays out of the entry
  // chunk) and shows 'Acesso à Conta' instead of the page while no profile acts (ADR 024).
  component: lazyRouteComponent(() => import('../pages/protected-layout.tsx'), 'ProtectedLayout'),
});

/** Imported on demand: TanStack Query stays out of the entry chunk (see app-layout.tsx). */
async function prefetchThisMonthInvoices() {
  const [{ queryClient }, { invoiceListQueryOptions }, { profileQueryOptions }] = await Promise.all(
    [
      import('#web/lib/query-client.ts'),
      import('#web/features/invoices/api/list-invoices.ts'),
      import('#web/features/profile/api/get-profile.ts'),
    ],
  );
  // Only once someone acts (ADR 024): before a profile is chosen the server refuses it. The
  // profile is usually cached; the protected layout waits for it anyway when it is not.
  const profile = await queryClient.ensureQueryData(profileQueryOptions).catch(() => null);
  if (profile?.acting.kind === 'pending') return;
  await queryClient.prefetchInfiniteQuery({
    ...invoiceListQueryOptions({ period: 'thisMonth', statuses: [], search: '' }),
    // Spec §9 "Invoices prefetch stale 60000 ms".
    staleTime: 60_000,
  });
}

export const dashboardRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/',
  validateSearch: parseDashboardSearch,
  // Spec invoice-work §4 "After login the invoices of this month are prefetched": the first
  // page of "Este mês" loads alongside the page's code instead of after it. Not awaited.
  loader: () => void prefetchThisMonthInvoices(),
  component: lazyRouteComponent(() => import('../pages/dashboard-page.tsx'), 'DashboardPage'),
});

export const newInvoiceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/nova-fatura',
  // `?pendente=`: an invoice kept offline that the server refused, opened to be corrected.
  validateSearch: parseNewInvoiceSearch,
  component: lazyRouteComponent(() => import('../pages/new-invoice-page.tsx'), 'NewInvoicePage'),
});

export const scannerRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/scanner',
  component: lazyRouteComponent(() => import('../pages/scanner-page.tsx'), 'ScannerPage'),
});

/** The e-Fatura import (issue 17 point 3), reached from the dashboard's actions. */
export const efaturaImportRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/importar-efatura',
  component: lazyRouteComponent(
    () => import('../pages/efatura-import-page.tsx'),
    'EfaturaImportPage',
  ),
});

/** Support page (spec invoice-work §2 "test pages"): what a file or the camera reads. */
export const testScannerRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/test-scanner',
  component: lazyRouteComponent(() => import('../pages/test-scanner-page.tsx'), 'TestScannerPage'),
});

// Linked from the landing page; their features land with later issues.

// The monthly summary (issue 16); `?ano=&mes=` keeps the chosen month in the address.
export const summaryRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/resumo',
  validateSearch: parseSummarySearch,
  component: lazyRouteComponent(() => import('../pages/summary-page.tsx'), 'SummaryPage'),
});

const subscriptionPage = (
  name: 'SubscriptionPage' | 'SubscriptionSuccessPage' | 'SubscriptionCanceledPage',
) => lazyRouteComponent(() => import('../pages/subscription-page.tsx'), name);

export const subscriptionRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/subscription',
  validateSearch: parseSubscriptionSearch,
  component: subscriptionPage('SubscriptionPage'),
});

// Spec accounts §2: the checkout's return addresses show the same subscription screen, each
// under its own heading.
export const subscriptionSuccessRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/subscription-success',
  component: subscriptionPage('SubscriptionSuccessPage'),
});

export const subscriptionCanceledRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/subscription-canceled',
  component: subscriptionPage('SubscriptionCanceledPage'),
});
