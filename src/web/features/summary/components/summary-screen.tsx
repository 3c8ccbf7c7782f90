import { Link } from '@tanstack/react-router';
import { CircleAlert, FilePlus2, LoaderCircle, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '#web/lib/toast.ts';
import { summaryYears, type SummaryMonth } from '#shared/summary.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useSummary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { monthTitle } from '../summary-format.ts';
import { ChartTabs } from './chart-tabs.tsx';
import { PeriodSelector } from './period-selector.tsx';
import { StatusBar } from './status-bar.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { VatTable } from './vat-table.tsx';

function LoadingState() {
  // Spec §9: nothing for 300 ms, so a quick answer never flashes a spinner.
  const isShown = useHasElapsed();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{SUMMARY_MESSAGES.loading}</span>
      {isShown ? (
        <>
          <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
            ))}
          </div>
          <div className="h-28 animate-pulse rounded-2xl bg-slate-200/70" aria-hidden />
          <div className="h-80 animate-pulse rounded-2xl bg-slate-200/70" aria-hidden />
        </>
      ) : null}
    </div>
  );
}

function ErrorState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert className="size-5" aria-hidden />
        {SUMMARY_MESSAGES.loadFailed}
      </p>
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {SUMMARY_MESSAGES.retry}
      </Button>
    </div>
  );
}

function EmptyMonth({ title }: { title: string }) {
  return (
    <section className="flex flex-col items-start gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-semibold text-slate-900">
          {SUMMARY_MESSAGES.emptyTitle}{' '}
          <span className="font-normal text-slate-500">({title})</span>
        </h2>
        <p className="text-sm text-slate-600">{SUMMARY_MESSAGES.emptyHint}</p>
      </div>
      <Link to="/nova-fatura" className={buttonVariants({ variant: 'outline' })}>
        <FilePlus2 aria-hidden />
        {SUMMARY_MESSAGES.addInvoice}
      </Link>
    </section>
  );
}

function GdprNotice() {
  return (
    <aside className="flex gap-3 rounded-2xl bg-slate-100 p-4 text-sm text-slate-600">
      <ShieldCheck className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold text-slate-800">{SUMMARY_MESSAGES.gdprTitle}.</strong>{' '}
        {SUMMARY_MESSAGES.gdprText}{' '}
        <Link to="/politica-privacidade" className="text-brand-800 font-medium underline">
          {SUMMARY_MESSAGES.privacyLink}
        </Link>
      </p>
    </aside>
  );
}

/**
 * /resumo (spec invoice-work §2 "Monthly summary"): the chosen month's cards, payment-status
 * bar, charts and VAT table, from one request; live updates refresh it when invoices change.
 */
export function SummaryScreen({
  month,
  onMonthChange,
}: {
  month: SummaryMonth;
  onMonthChange(next: SummaryMonth): void;
}) {
  const query = useSummary(month);
  const [isVisible, setVisible] = useAmountsVisible();
  const { error, isFetching, isPlaceholderData, errorUpdatedAt } = query;
  // Another month's figures kept on screen while this one loads are not this month's.
  const hasFailedWithoutData = error !== null && (query.data === undefined || isPlaceholderData);
  const data = hasFailedWithoutData ? undefined : query.data;
  const hasStaleData = error !== null && !hasFailedWithoutData;

  // Spec §8 "Category spending fails": a toast, and the list stays empty.
  useEffect(() => {
    if (hasFailedWithoutData) {
      toast.error(SUMMARY_MESSAGES.categoriesFailed, { id: 'summary-failed' });
    }
  }, [hasFailedWithoutData, errorUpdatedAt]);
  // A background refresh (a change elsewhere) failed: the figures shown stay, and say so.
  useEffect(() => {
    if (hasStaleData) {
      toast.error(SUMMARY_MESSAGES.refreshFailed, {
        id: 'summary-refresh-failed',
        description: SUMMARY_MESSAGES.refreshFailedHint,
      });
    }
  }, [hasStaleData, errorUpdatedAt]);

  async function refresh() {
    const result = await query.refetch();
    if (result.isError) {
      toast.error(SUMMARY_MESSAGES.refreshFailed, {
        description: SUMMARY_MESSAGES.refreshFailedHint,
      });
    } else {
      toast.success(SUMMARY_MESSAGES.refreshed);
    }
  }

  const isRefreshing = isFetching && data !== undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSelector value={month} years={summaryYears()} onChange={onMonthChange} />
        <div className="flex items-center gap-3">
          <Switch
            label={SUMMARY_MESSAGES.showAmounts}
            checked={isVisible}
            onCheckedChange={setVisible}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={SUMMARY_MESSAGES.refresh}
            title={SUMMARY_MESSAGES.refresh}
            disabled={isFetching}
            onClick={() => void refresh()}
          >
            <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          </Button>
        </div>
      </div>
      {isRefreshing ? (
        <p
          role="status"
          className="fixed top-20 right-4 z-30 flex items-center gap-2 rounded-full bg-slate-900/90 px-3 py-1.5 text-xs font-medium text-white shadow-lg"
        >
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          {SUMMARY_MESSAGES.refreshing}
        </p>
      ) : null}
      {data === undefined ? (
        hasFailedWithoutData ? (
          <ErrorState message={error?.message ?? ''} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <div
          className={isPlaceholderData ? 'flex flex-col gap-4 opacity-60' : 'flex flex-col gap-4'}
          aria-busy={isPlaceholderData}
          data-testid="summary-content"
          data-month={`${data.year}-${data.month}`}
        >
          {data.totals.invoiceCount === 0 && data.totals.salesCents === 0 ? (
            <EmptyMonth title={monthTitle(data.year, data.month)} />
          ) : null}
          <SummaryCards totals={data.totals} isVisible={isVisible} />
          <StatusBar slices={data.byStatus} isVisible={isVisible} />
          <ChartTabs summary={data} isVisible={isVisible} />
          <VatTable summary={data} isVisible={isVisible} />
        </div>
      )}
      <GdprNotice />
    </div>
  );
}
