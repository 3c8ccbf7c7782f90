import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { InvoiceViewMode, PaymentStatus } from '#shared/domain.ts';
import type { InvoicePeriod } from '#shared/invoice-period.ts';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { toast } from '#web/lib/toast.ts';
import { useIsMobile } from '#web/lib/use-media-query.ts';
import { useInvoiceStats } from '../../api/get-invoice-stats.ts';
import { useInvoiceList, type InvoiceListFilters } from '../../api/list-invoices.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { ExpiryPanel } from '../expiry-panel.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { InvoiceResults, ResultsEmpty, ResultsError, ResultsLoading } from './invoice-results.tsx';
import { RefreshingBadge } from './refreshing-badge.tsx';
import { StatsChips } from './stats-chips.tsx';

type InvoiceDashboardProps = {
  /** The profile's invoice_view_mode (spec §2), followed live. */
  viewMode: InvoiceViewMode;
  onOpenInvoice(id: string): void;
  /** Actions beside the filters, given the filters on screen (the page's 'Exportar'). */
  renderActions?(filters: InvoiceListFilters): ReactNode;
};

/** The invoice list dashboard of `/` (spec invoice-work §2), below the header. */
export function InvoiceDashboard({
  viewMode,
  onOpenInvoice,
  renderActions,
}: InvoiceDashboardProps) {
  const [period, setPeriod] = useState<InvoicePeriod>('thisMonth');
  const [statuses, setStatuses] = useState<PaymentStatus[]>([]);
  const [search, setSearch] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  // Typing stays instant; the list follows the text as React finds time.
  const deferredSearch = useDeferredValue(search);
  const [isAmountVisible] = useAmountsVisible();
  const isMobile = useIsMobile();

  const filters = useMemo(
    () => ({ period, statuses, search: deferredSearch, isUrgent }),
    [period, statuses, deferredSearch, isUrgent],
  );
  const list = useInvoiceList(filters);
  const stats = useInvoiceStats(period);
  const pages = list.data?.pages;
  const invoices = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);

  const toggleStatus = (status: PaymentStatus) =>
    setStatuses((current) =>
      current.includes(status) ? current.filter((s) => s !== status) : [...current, status],
    );
  // Spec §8 "Data refresh": the button says how it went; the automatic refetches stay quiet.
  const refresh = async () => {
    const [listResult, statsResult] = await Promise.all([list.refetch(), stats.refetch()]);
    if (listResult.isError || statsResult.isError) {
      void toast.error(DASHBOARD_MESSAGES.refreshFailed, {
        description: DASHBOARD_MESSAGES.refreshFailedHint,
      });
    } else {
      void toast.success(DASHBOARD_MESSAGES.refreshed);
    }
  };
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A refetch with rows on screen (focus, interval, live update, refresh button) is a
  // background refresh; a new filter waits on the previous rows instead (placeholder data).
  const isBackgroundRefresh = list.isFetching && !list.isPending && !isFetchingNextPage;

  return (
    <section aria-label={DASHBOARD_MESSAGES.pageTitle} className="flex flex-col gap-4">
      <StatsChips
        stats={stats.data}
        selected={statuses}
        onToggle={toggleStatus}
        isUrgentOn={isUrgent}
        onToggleUrgent={() => setIsUrgent((on) => !on)}
        isAmountVisible={isAmountVisible}
      />
      <DashboardToolbar
        search={search}
        onSearchChange={setSearch}
        period={period}
        onPeriodChange={setPeriod}
        onRefresh={() => void refresh()}
        isFetching={list.isFetching || stats.isFetching}
        isMobile={isMobile}
        actions={renderActions?.(filters)}
      />
      <ExpiryPanel className="-mt-1 justify-end" />
      {isBackgroundRefresh ? <RefreshingBadge /> : null}
      {list.isPending ? (
        <ResultsLoading />
      ) : list.isError && invoices.length === 0 ? (
        <ResultsError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : invoices.length === 0 ? (
        <ResultsEmpty />
      ) : (
        <InvoiceResults
          invoices={invoices}
          viewMode={viewMode}
          isAmountVisible={isAmountVisible}
          isWide={!isMobile}
          onOpen={onOpenInvoice}
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          onLoadMore={loadMore}
        />
      )}
    </section>
  );
}
