import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { AppHeader } from '#web/features/app-shell/components/app-header.tsx';
import { InvoiceDashboard } from '#web/features/invoices/components/dashboard/invoice-dashboard.tsx';
import { DASHBOARD_MESSAGES } from '#web/features/invoices/messages.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AppBottomNav } from './app-bottom-nav.tsx';
import { useShellProfile } from './signed-in-frame.tsx';

const dashboardRoute = getRouteApi('/app/protected/');

// The sheet brings its form, validation and drawer code: loaded when an invoice is first
// opened, so the list's first paint does not wait for them (DESIGN.md "/ ≤ 200 KB gzip").
const loadInvoiceSheet = () =>
  import('#web/features/invoices/components/invoice-sheet/invoice-sheet.tsx');
const InvoiceSheet = lazy(() => loadInvoiceSheet().then((m) => ({ default: m.InvoiceSheet })));

/**
 * Spec §4 "Bootstrap": secondary code loads once the page's own is in, when the browser is
 * idle — never before 2 s, so it does not compete with the list's first paint.
 */
function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => {});
    let idleHandle: number | undefined;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) {
        idleHandle = window.requestIdleCallback(preload, { timeout: 2000 });
      } else {
        preload();
      }
    }, 2000);
    return () => {
      clearTimeout(timer);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    };
  }, [load]);
}

/** `/`: the invoice list dashboard (spec invoice-work §2). */
export function DashboardPage() {
  useDocumentTitle(DASHBOARD_MESSAGES.pageTitle);
  const { fatura } = dashboardRoute.useSearch();
  usePreloadWhenIdle(loadInvoiceSheet);
  // Once loaded the sheet stays mounted, so closing it can animate.
  const [hasOpenedSheet, setHasOpenedSheet] = useState(false);
  if (fatura !== undefined && !hasOpenedSheet) setHasOpenedSheet(true);
  const navigate = useNavigate();
  const profile = useProfile().data;

  const openInvoice = useCallback(
    (id: string) => void navigate({ to: '/', search: { fatura: id } }),
    [navigate],
  );
  const closeInvoice = useCallback(
    () => void navigate({ to: '/', search: {}, replace: true }),
    [navigate],
  );
  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader profile={useShellProfile()} hasAmountsToggle className="max-w-7xl" />
      <main
        id="conteudo"
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 pt-5 pb-28 focus:outline-none sm:px-6 md:pb-12"
      >
        <h1 className="sr-only">{DASHBOARD_MESSAGES.pageTitle}</h1>
        <InvoiceDashboard
          viewMode={profile?.invoiceViewMode ?? 'grid'}
          onOpenInvoice={openInvoice}
        />
      </main>
      {hasOpenedSheet ? (
        <Suspense fallback={null}>
          <InvoiceSheet invoiceId={fatura} onClose={closeInvoice} />
        </Suspense>
      ) : null}
      <AppBottomNav />
    </div>
  );
}
