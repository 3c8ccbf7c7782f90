import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CustomCategoriesProvider } from '#web/features/categories/components/custom-categories-provider.tsx';
import { InvoiceDashboard } from '#web/features/invoices/components/dashboard/invoice-dashboard.tsx';
import { DASHBOARD_MESSAGES } from '#web/features/invoices/messages.ts';
import { EfaturaImportAction } from '#web/features/efatura-import/components/efatura-import-action.tsx';
import { ExportMenu } from '#web/features/exports/components/export-menu.tsx';
import { exportAccessOf } from '#web/features/exports/export-access.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { takeSelectedPlan } from '#web/lib/selected-plan.ts';
import { toast } from '#web/lib/toast.ts';
import { useWhenIdle } from '#web/lib/use-when-idle.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const dashboardRoute = getRouteApi('/app/protected/');

// The sheet brings its form, validation and drawer code: loaded when an invoice is first
// opened, so the list's first paint does not wait for them (DESIGN.md "/ ≤ 200 KB gzip").
const loadInvoiceSheet = () =>
  import('#web/features/invoices/components/invoice-sheet/invoice-sheet.tsx');
const InvoiceSheet = lazy(() => loadInvoiceSheet().then((m) => ({ default: m.InvoiceSheet })));
const preloadInvoiceSheet = () => void loadInvoiceSheet().catch(() => {});

/**
 * Back from a Google sign-in that created the account (`/?novo=1`, #shared/google-sign-in.ts):
 * spec accounts §8 'Conta criada e login realizado com sucesso!', once. The flag leaves the
 * address (history replaced), so a reload or Back does not say it again; the toast's id keeps
 * a second run of the effect (React's dev double-invoke) from stacking a second one. The auth
 * texts and rules are fetched only then, not with every opening of the dashboard.
 */
function useNewAccountWelcome(isNewAccount: boolean, fatura: string | undefined) {
  const navigate = useNavigate();
  const hasWelcomed = useRef(false);
  useEffect(() => {
    if (!isNewAccount || hasWelcomed.current) return;
    hasWelcomed.current = true;
    const selectedPlan = takeSelectedPlan();
    void Promise.all([
      import('#web/features/auth/auth-mode.ts'),
      import('#web/features/auth/auth-strings.ts'),
    ]).then(([{ postSignUpTarget }, { AUTH_TEXT }]) => {
      void toast.success(AUTH_TEXT.accountCreatedSignedIn, { id: 'conta-criada', duration: 4000 });
      // A plan chosen as a visitor opens its checkout (invoice-work §2 "Plan selection").
      const target = postSignUpTarget(selectedPlan);
      return target.to === '/'
        ? navigate({ to: '/', search: { fatura }, replace: true })
        : navigate({ to: '/subscription', search: target.search, replace: true });
    });
  }, [isNewAccount, fatura, navigate]);
}

/** `/`: the invoice list dashboard (spec invoice-work §2). */
export function DashboardPage() {
  const { fatura, novo } = dashboardRoute.useSearch();
  useNewAccountWelcome(novo === true, fatura);
  useWhenIdle(preloadInvoiceSheet);
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
    <SignedInFrame
      title={DASHBOARD_MESSAGES.pageTitle}
      width="wide"
      isTitleHidden
      hasAmountsToggle
      hasBottomNav
      overlay={
        hasOpenedSheet ? (
          <Suspense fallback={null}>
            <InvoiceSheet invoiceId={fatura} onClose={closeInvoice} />
          </Suspense>
        ) : null
      }
    >
      {/* The cards draw custom categories with their own icon and colour. */}
      <CustomCategoriesProvider>
        <InvoiceDashboard
          viewMode={profile?.invoiceViewMode ?? 'grid'}
          onOpenInvoice={openInvoice}
          renderActions={(filters) => (
            <>
              <EfaturaImportAction rights={profile} />
              <ExportMenu filters={filters} access={exportAccessOf(profile)} />
            </>
          )}
        />
      </CustomCategoriesProvider>
    </SignedInFrame>
  );
}
