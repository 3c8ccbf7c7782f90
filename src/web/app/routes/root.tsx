import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Lazy like every page: the entry chunk carries only the router and the guards.
const LazyNotFoundPage = lazy(() =>
  import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

/**
 * TanStack Query (about 7 KB gzip) is not part of the entry chunk, to keep /home within
 * its budget: routes get the client through `loadQueryClient()`, never a static import.
 */
export type RouterContext = { loadQueryClient: () => Promise<QueryClient> };

function RootLayout() {
  return (
    <>
      <a
        href="#conteudo"
        className="bg-brand-800 sr-only z-[100] rounded-md px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar para o conteúdo
      </a>
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
