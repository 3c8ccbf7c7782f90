import { createRouter } from '@tanstack/react-router';
import { ErrorPage, LoadingPage } from './pages/route-fallbacks.tsx';
import {
  dashboardRoute,
  efaturaImportRoute,
  newInvoiceRoute,
  protectedRoute,
  scannerRoute,
  subscriptionCanceledRoute,
  subscriptionRoute,
  subscriptionSuccessRoute,
  summaryRoute,
  testScannerRoute,
} from './routes/protected.tsx';
import {
  authCallbackRoute,
  authResetPasswordRoute,
  authRoute,
  demoRoute,
  encryptionDiagnosticRoute,
  homeRoute,
  newsletterConfirmRoute,
  newsletterUnsubscribeRoute,
  privacyRoute,
  termsRoute,
} from './routes/public.tsx';
import { accountPageRoutes } from './routes/account-pages.tsx';
import { appRoute } from './routes/app-layout.tsx';
import { rootRoute } from './routes/root.tsx';

// Code-based routes (no codegen); route modules stay thin and pages are lazy chunks.
const routeTree = rootRoute.addChildren([
  homeRoute,
  termsRoute,
  privacyRoute,
  encryptionDiagnosticRoute,
  newsletterConfirmRoute,
  newsletterUnsubscribeRoute,
  appRoute.addChildren([
    authRoute,
    authResetPasswordRoute,
    authCallbackRoute,
    demoRoute,
    protectedRoute.addChildren([
      dashboardRoute,
      newInvoiceRoute,
      efaturaImportRoute,
      scannerRoute,
      testScannerRoute,
      summaryRoute,
      subscriptionRoute,
      subscriptionSuccessRoute,
      subscriptionCanceledRoute,
      ...accountPageRoutes,
    ]),
  ]),
]);

const loadQueryClient = () => import('#web/lib/query-client.ts').then((m) => m.queryClient);

export const router = createRouter({
  routeTree,
  context: { loadQueryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: LoadingPage,
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
