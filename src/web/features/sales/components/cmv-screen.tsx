import { CircleAlert, PackageOpen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { monthOfDate } from '#shared/calendar-months.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useCmvReport, type CmvReport } from '../api/get-cmv-report.ts';
import { useResaleCategories } from '../api/resale-categories.ts';
import { CMV_MESSAGES } from '../messages.ts';
import { CmvCards, VatCard } from './cmv-cards.tsx';
import { MonthPicker } from './month-picker.tsx';
import { ResaleDialog } from './resale-dialog.tsx';
import { SalesList } from './sales-list.tsx';

// recharts comes with the chart's own chunk, asked for when the report is on screen.
const CmvChart = lazy(() => import('./cmv-chart.tsx').then((m) => ({ default: m.CmvChart })));

function Loading() {
  const isShown = useHasElapsed();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{CMV_MESSAGES.loading}</span>
      {isShown ? (
        <>
          <div className="grid grid-cols-2 gap-2 lg:grid-cols-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
            ))}
          </div>
          <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" aria-hidden />
        </>
      ) : null}
    </div>
  );
}

function ResaleNotice({ report, onChoose }: { report: CmvReport; onChoose(): void }) {
  const categories = useResaleCategories().data?.categories ?? [];
  const names = categories.filter((c) => c.isResale).map((c) => c.name);
  if (report.resaleCategoryCount === 0) {
    return (
      <section className="flex flex-col items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <PackageOpen className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
          <div>
            <h2 className="font-semibold text-amber-950">{CMV_MESSAGES.noResaleTitle}</h2>
            <p className="text-sm text-amber-900">{CMV_MESSAGES.noResaleText}</p>
          </div>
        </div>
        <Button onClick={onChoose}>{CMV_MESSAGES.chooseCategories}</Button>
      </section>
    );
  }
  return (
    <section className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <p className="min-w-0 text-slate-700">
        <span className="font-semibold text-slate-900">{CMV_MESSAGES.resaleTitle}.</span>{' '}
        {names.length > 0 ? CMV_MESSAGES.resaleSummary(names.join(', ')) : null}
      </p>
      <Button variant="outline" size="sm" onClick={onChoose}>
        {CMV_MESSAGES.chooseCategories}
      </Button>
    </section>
  );
}

/**
 * /cmv (issue 16 point 4): a month's sales, cost of goods sold, gross margin and VAT, the 12
 * months to it, the goods-for-resale categories and the month's daily sales records.
 */
export function CmvScreen() {
  const today = todayInLisbon();
  const latest = monthOfDate(today);
  const [month, setMonth] = useState(latest);
  const [isChoosing, setChoosing] = useState(false);
  const query = useCmvReport(month);
  const report = query.data;
  // A new record defaults to today in the current month, else the month's first day.
  const suggestedDate = month === latest ? today : `${month}-01`;
  return (
    <div className="flex flex-col gap-4">
      <MonthPicker month={month} latest={latest} onChange={setMonth} />
      {/* The figures beside the month's records on a desktop, above them on a phone. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(340px,420px)] lg:items-start">
        {query.error && !report ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
          >
            <p className="flex items-center gap-2 font-semibold">
              <CircleAlert className="size-5" aria-hidden />
              {CMV_MESSAGES.loadFailed}
            </p>
            <p className="text-sm">{query.error.message}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {CMV_MESSAGES.retry}
            </Button>
          </div>
        ) : !report ? (
          <Loading />
        ) : (
          <div
            className={
              query.isPlaceholderData ? 'flex flex-col gap-4 opacity-60' : 'flex flex-col gap-4'
            }
            aria-busy={query.isPlaceholderData}
            data-testid="cmv-report"
            data-month={report.month}
          >
            <ResaleNotice report={report} onChoose={() => setChoosing(true)} />
            <CmvCards month={report.current} />
            <section
              aria-labelledby="cmv-chart-title"
              className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
            >
              <h2 id="cmv-chart-title" className="mb-2 font-semibold text-slate-900">
                {CMV_MESSAGES.chartTitle}
              </h2>
              <Suspense
                fallback={
                  <div
                    role="status"
                    className="flex h-72 items-center justify-center text-sm text-slate-500"
                  >
                    {CMV_MESSAGES.chartLoading}
                  </div>
                }
              >
                <CmvChart months={report.months} />
              </Suspense>
            </section>
            <VatCard month={report.current} />
          </div>
        )}
        <SalesList month={month} suggestedDate={suggestedDate} />
      </div>
      <ResaleDialog isOpen={isChoosing} onClose={() => setChoosing(false)} />
    </div>
  );
}
