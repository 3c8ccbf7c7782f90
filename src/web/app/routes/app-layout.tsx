import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AuthPendingPage, SPINNER_DELAY_MS } from '../pages/route-fallbacks.tsx';
import { rootRoute } from './root.tsx';

/**
 * Pathless layout for every page that reads or writes data: it provides TanStack Query.
 * New routes that use queries or mutations go under this route (or under `protectedRoute`).
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // Its children start by asking the server for the session (the guard, or /auth's
  // signed-in check). The text appears after the spec's 300 ms spinner delay (invoice-work
  // §9), so a fast check shows nothing and cached navigations never flash.
  pendingMs: SPINNER_DELAY_MS,
  pendingComponent: AuthPendingPage,
  component: lazyRouteComponent(() => import('../pages/query-layout.tsx'), 'QueryLayout'),
});
