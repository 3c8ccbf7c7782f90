import { lazy, Suspense, type ReactNode } from 'react';
import { Tabs } from '#web/components/ui/tabs.tsx';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { CategoryList } from './category-list.tsx';

// recharts comes with the charts' own chunk, asked for when a chart is first shown.
const loadCharts = () => import('./summary-charts.tsx');
const DailyChart = lazy(() => loadCharts().then((m) => ({ default: m.DailyChart })));
const SupplierChart = lazy(() => loadCharts().then((m) => ({ default: m.SupplierChart })));
const CashFlowChart = lazy(() => loadCharts().then((m) => ({ default: m.CashFlowChart })));

function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div
          className="flex h-64 items-center justify-center rounded-xl bg-slate-50 text-sm text-slate-500 sm:h-72"
          role="status"
        >
          {SUMMARY_MESSAGES.chartsLoading}
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** The four chart tabs of spec §2: by day, by supplier, cash flow and by category. */
export function ChartTabs({ summary, isVisible }: { summary: Summary; isVisible: boolean }) {
  const props = { summary, isVisible };
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <Tabs
        label={SUMMARY_MESSAGES.chartsLabel}
        // Four long names: two rows of two on a phone, one row from 640 px.
        className="[&_[role=tablist]]:grid [&_[role=tablist]]:grid-cols-2 sm:[&_[role=tablist]]:flex"
        items={[
          {
            value: 'daily',
            label: SUMMARY_MESSAGES.daily,
            panel: (
              <ChartSlot>
                <DailyChart {...props} />
              </ChartSlot>
            ),
          },
          {
            value: 'suppliers',
            label: SUMMARY_MESSAGES.bySupplier,
            panel: (
              <ChartSlot>
                <SupplierChart {...props} />
              </ChartSlot>
            ),
          },
          {
            value: 'cash-flow',
            label: SUMMARY_MESSAGES.cashFlow,
            panel: (
              <ChartSlot>
                <CashFlowChart {...props} />
              </ChartSlot>
            ),
          },
          {
            value: 'categories',
            label: SUMMARY_MESSAGES.byCategory,
            panel: <CategoryList categories={summary.byCategory} isVisible={isVisible} />,
          },
        ]}
      />
    </section>
  );
}
