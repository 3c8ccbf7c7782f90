import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { FilePlus2, LoaderCircle, SearchX } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { InvoiceViewMode } from '#shared/domain.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useCan } from '#web/lib/use-can.ts';
import type { ListedInvoice } from '../../api/list-invoices.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { chunkRows, columnsFor } from './dashboard-layout.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { InvoiceRow } from './invoice-row.tsx';

type InvoiceResultsProps = {
  invoices: ListedInvoice[];
  viewMode: InvoiceViewMode;
  isAmountVisible: boolean;
  isWide: boolean;
  onOpen(id: string): void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore(): void;
};

const GAP_PX = { grid: 16, list: 10 } as const;
const ESTIMATED_ROW_PX = { grid: 230, list: 68 } as const;

/** The container's width, followed as it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Cards or list rows, virtualised by rows of the current column count against the window's
 * scroll: only the rows near the viewport are in the DOM, so ten thousand invoices scroll
 * like fifty. The next page is asked for when the last rows come near.
 */
export function InvoiceResults({
  invoices,
  viewMode,
  isAmountVisible,
  isWide,
  onOpen,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: InvoiceResultsProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useWidth(containerRef);
  const columns = columnsFor(width, viewMode);
  const rows = useMemo(() => chunkRows(invoices, columns), [invoices, columns]);
  const gap = GAP_PX[viewMode];
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page moves when what is above it loads or wraps: measured
  // whenever the page's size changes, stored only when it moved.
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(top - current) > 1 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX[viewMode] + gap,
    overscan: 4,
    scrollMargin,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 3) onLoadMore();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, onLoadMore]);

  const Item = viewMode === 'grid' ? InvoiceCard : InvoiceRow;
  return (
    <div ref={containerRef}>
      <ul
        aria-label={DASHBOARD_MESSAGES.invoiceCount(invoices.length)}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualRows.map((virtualRow) => (
          <li
            key={virtualRow.key}
            data-index={virtualRow.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 grid w-full"
            style={{
              transform: `translateY(${virtualRow.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              columnGap: gap,
              paddingBottom: gap,
            }}
          >
            {rows[virtualRow.index]?.map((invoice) => (
              <Item
                key={invoice.id}
                invoice={invoice}
                isAmountVisible={isAmountVisible}
                isWide={isWide}
                onOpen={onOpen}
              />
            ))}
          </li>
        ))}
      </ul>
      {isFetchingNextPage ? (
        <p
          className="flex items-center justify-center gap-2 py-4 text-sm text-slate-500"
          role="status"
        >
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {DASHBOARD_MESSAGES.loadMore}
        </p>
      ) : null}
    </div>
  );
}

/** First load: nothing for 300 ms, then a spinner (spec §9). */
export function ResultsLoading() {
  const isShown = useHasElapsed();
  if (!isShown) return <div className="h-40" aria-busy="true" />;
  return (
    <p className="flex items-center justify-center gap-3 py-16 text-slate-600" role="status">
      <LoaderCircle className="text-brand-700 size-5 animate-spin" aria-hidden />
      {DASHBOARD_MESSAGES.loading}
    </p>
  );
}

export function ResultsError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <p className="text-red-800">
        {DASHBOARD_MESSAGES.loadError}
        {message || DASHBOARD_MESSAGES.unknownError}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {DASHBOARD_MESSAGES.retry}
      </Button>
    </div>
  );
}

export function ResultsEmpty() {
  // The way to a new invoice, for whoever may create one.
  const canCreate = useCan().can('invoices.create');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center">
      <SearchX className="size-8 text-slate-400" aria-hidden />
      <p className="font-semibold text-slate-800">{DASHBOARD_MESSAGES.empty}</p>
      <p className="text-sm text-slate-500">{DASHBOARD_MESSAGES.emptyHint}</p>
      {canCreate ? (
        <Link to="/nova-fatura" className={buttonVariants({ variant: 'primary' })}>
          <FilePlus2 aria-hidden />
          {DASHBOARD_MESSAGES.newInvoice}
        </Link>
      ) : null}
    </div>
  );
}
