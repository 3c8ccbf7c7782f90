import { RefreshCw, Search, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import {
  INVOICE_PERIOD_LABELS,
  INVOICE_PERIODS,
  type InvoicePeriod,
} from '#shared/invoice-period.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';

type DashboardToolbarProps = {
  search: string;
  onSearchChange(value: string): void;
  period: InvoicePeriod;
  onPeriodChange(period: InvoicePeriod): void;
  onRefresh(): void;
  isFetching: boolean;
  isMobile: boolean;
  /** More actions after refresh, composed by the page (e.g. 'Exportar'). */
  actions?: ReactNode;
};

/** Search (with clear), period select and refresh (spec §2). */
export function DashboardToolbar({
  search,
  onSearchChange,
  period,
  onPeriodChange,
  onRefresh,
  isFetching,
  isMobile,
  actions,
}: DashboardToolbarProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  const periodId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-0 flex-[1_1_16rem]">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          ref={searchRef}
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) {
              event.preventDefault();
              onSearchChange('');
            }
          }}
          placeholder={
            isMobile
              ? DASHBOARD_MESSAGES.searchPlaceholderMobile
              : DASHBOARD_MESSAGES.searchPlaceholderDesktop
          }
          aria-label={DASHBOARD_MESSAGES.searchLabel}
          enterKeyHint="search"
          maxLength={200}
          className={cn(inputClassName, 'h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden')}
        />
        {search ? (
          <button
            type="button"
            onClick={() => {
              onSearchChange('');
              searchRef.current?.focus();
            }}
            aria-label={DASHBOARD_MESSAGES.clearSearch}
            className="focus-visible:ring-brand-500/60 absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <label htmlFor={periodId} className="sr-only">
        {DASHBOARD_MESSAGES.periodLabel}
      </label>
      <select
        id={periodId}
        value={period}
        onChange={(event) => {
          const next = INVOICE_PERIODS.find((value) => value === event.target.value);
          if (next) onPeriodChange(next);
        }}
        className={cn(inputClassName, 'h-11 w-auto flex-[1_0_10rem] pr-8 sm:flex-none')}
      >
        {INVOICE_PERIODS.map((value) => (
          <option key={value} value={value}>
            {INVOICE_PERIOD_LABELS[value]}
          </option>
        ))}
      </select>
      <Button
        variant="outline"
        size="icon"
        className="size-11"
        onClick={onRefresh}
        disabled={isFetching}
        aria-label={DASHBOARD_MESSAGES.refresh}
        title={DASHBOARD_MESSAGES.refresh}
      >
        <RefreshCw className={cn('size-4', isFetching && 'animate-spin')} aria-hidden />
      </Button>
      {actions}
    </div>
  );
}
