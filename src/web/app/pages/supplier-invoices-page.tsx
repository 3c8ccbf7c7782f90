import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { formatNif, isNifFormat, normalizeNif } from '#shared/nif.ts';
import { CustomCategoriesProvider } from '#web/features/categories/components/custom-categories-provider.tsx';
import { useInvoiceList } from '#web/features/invoices/api/list-invoices.ts';
import { CategoryIcon } from '#web/features/invoices/components/dashboard/category-icon.tsx';
import { ExportMenu } from '#web/features/exports/components/export-menu.tsx';
import { exportAccessOf } from '#web/features/exports/export-access.ts';
import {
  InvoiceResults,
  ResultsEmpty,
  ResultsError,
  ResultsLoading,
} from '#web/features/invoices/components/dashboard/invoice-results.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useSupplierByNif } from '#web/features/suppliers/api/get-supplier-by-nif.ts';
import {
  InvalidNif,
  SupplierSummary,
} from '#web/features/suppliers/components/supplier-summary.tsx';
import { SUPPLIER_INVOICES_MESSAGES } from '#web/features/suppliers/messages.ts';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { useIsMobile } from '#web/lib/use-media-query.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const supplierInvoicesRoute = getRouteApi('/app/protected/faturas/$nif');

const InvoiceSheet = lazy(() =>
  import('#web/features/invoices/components/invoice-sheet/invoice-sheet.tsx').then((m) => ({
    default: m.InvoiceSheet,
  })),
);

const renderCategoryIcon = (category: string | null) => <CategoryIcon category={category} />;

/** The supplier's invoices, every period, with the dashboard's cards or rows. */
function SupplierInvoiceList({ nif, onOpen }: { nif: string; onOpen(id: string): void }) {
  const list = useInvoiceList({ period: 'all', statuses: [], search: '', supplierNif: nif });
  const viewMode = useProfile().data?.invoiceViewMode ?? 'grid';
  const [isAmountVisible] = useAmountsVisible();
  const isMobile = useIsMobile();
  const pages = list.data?.pages;
  const invoices = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (list.isPending) return <ResultsLoading />;
  if (list.isError && invoices.length === 0) {
    return <ResultsError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  if (invoices.length === 0) return <ResultsEmpty />;
  return (
    <InvoiceResults
      invoices={invoices}
      viewMode={viewMode}
      isAmountVisible={isAmountVisible}
      isWide={!isMobile}
      onOpen={onOpen}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      onLoadMore={loadMore}
    />
  );
}

/** `/faturas/:nif`: one supplier's invoices, totals and limit state (spec invoice-work §2). */
export function SupplierInvoicesPage() {
  const nif = normalizeNif(supplierInvoicesRoute.useParams().nif);
  // Nothing to ask the server about an address that holds no NIF.
  if (!isNifFormat(nif)) {
    return (
      <SignedInFrame title={SUPPLIER_INVOICES_MESSAGES.invalidNifTitle} hasBottomNav>
        <InvalidNif />
      </SignedInFrame>
    );
  }
  return <ValidSupplierInvoicesPage nif={nif} />;
}

function ValidSupplierInvoicesPage({ nif }: { nif: string }) {
  const { fatura } = supplierInvoicesRoute.useSearch();
  const navigate = useNavigate();
  const summary = useSupplierByNif(nif);
  const profile = useProfile().data;
  const exportFilters = useMemo(
    () => ({ period: 'all' as const, statuses: [], search: '', supplierNif: nif }),
    [nif],
  );
  // Once loaded the sheet stays mounted, so closing it can animate.
  const [hasOpenedSheet, setHasOpenedSheet] = useState(false);
  if (fatura !== undefined && !hasOpenedSheet) setHasOpenedSheet(true);

  const openInvoice = useCallback(
    (id: string) => void navigate({ to: '/faturas/$nif', params: { nif }, search: { fatura: id } }),
    [navigate, nif],
  );
  const closeInvoice = useCallback(
    () => void navigate({ to: '/faturas/$nif', params: { nif }, search: {}, replace: true }),
    [navigate, nif],
  );
  return (
    <SignedInFrame
      title={summary.data?.supplier?.name ?? formatNif(nif, 'listing')}
      width="wide"
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
      <CustomCategoriesProvider>
        <div className="flex flex-col gap-6">
          <SupplierSummary
            nif={nif}
            data={summary.data}
            error={summary.error}
            onRetry={() => void summary.refetch()}
            renderCategoryIcon={renderCategoryIcon}
          />
          <section aria-labelledby="faturas-da-entidade" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id="faturas-da-entidade" className="text-lg font-semibold text-slate-900">
                {SUPPLIER_INVOICES_MESSAGES.invoices}
              </h2>
              <ExportMenu filters={exportFilters} access={exportAccessOf(profile)} />
            </div>
            <SupplierInvoiceList nif={nif} onOpen={openInvoice} />
          </section>
        </div>
      </CustomCategoriesProvider>
    </SignedInFrame>
  );
}
