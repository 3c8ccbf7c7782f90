import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents, maskedAmount } from '#shared/money.ts';
import { formatNif } from '#shared/nif.ts';
import { SpendingLimitPanel } from '#web/components/spending-limit-panel.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { cn } from '#web/lib/cn.ts';
import type { SupplierByNif } from '../api/get-supplier-by-nif.ts';
import { SUPPLIER_INVOICES_MESSAGES as M, SUPPLIERS_MESSAGES } from '../messages.ts';

type SupplierSummaryProps = {
  nif: string;
  data: SupplierByNif | undefined;
  error: Error | null;
  onRetry(): void;
  renderCategoryIcon(category: string | null): ReactNode;
};

type Tile = { label: string; cents?: number; count?: number; tone?: string; className?: string };

function TotalsTiles({ tiles, isAmountVisible }: { tiles: Tile[]; isAmountVisible: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:gap-3">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className={cn(
            'flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
            tile.className,
          )}
        >
          <dt className="truncate text-sm font-medium text-slate-600">{tile.label}</dt>
          <dd className={cn('truncate text-lg font-bold text-slate-900 tabular-nums', tile.tone)}>
            {tile.count !== undefined
              ? tile.count
              : isAmountVisible
                ? formatCents(tile.cents ?? 0)
                : maskedAmount}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The top of `/faturas/:nif`: who the supplier is, the totals of its invoices (credit notes
 * count negative) and its spending-limit state.
 */
export function SupplierSummary({
  nif,
  data,
  error,
  onRetry,
  renderCategoryIcon,
}: SupplierSummaryProps) {
  const [isAmountVisible] = useAmountsVisible();
  const supplier = data?.supplier ?? null;
  const totals = data?.totals;
  return (
    <section aria-label={M.totals} className="flex flex-col gap-4">
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          {supplier ? renderCategoryIcon(supplier.category) : null}
          <span className="whitespace-nowrap tabular-nums">
            {M.nif} {formatNif(nif, 'listing')}
          </span>
          {supplier?.category ? (
            <>
              <span aria-hidden className="hidden text-slate-300 sm:inline">
                ·
              </span>
              <span>{supplier.category}</span>
            </>
          ) : null}
        </p>
        <Link
          to="/fornecedores"
          className="text-brand-700 focus-visible:ring-brand-500/60 inline-flex items-center gap-1 rounded text-sm font-semibold hover:underline focus-visible:ring-2 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {M.back}
        </Link>
      </div>
      {error && !data ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            {M.loadError}
            {error.message || SUPPLIERS_MESSAGES.unknownError}
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            {SUPPLIERS_MESSAGES.retry}
          </Button>
        </div>
      ) : null}
      {data && !supplier ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-3 py-2 text-sm text-slate-600">
          {M.notRegistered}
        </p>
      ) : null}
      {totals ? (
        <TotalsTiles
          isAmountVisible={isAmountVisible}
          tiles={[
            {
              label: M.invoiceCount,
              count: totals.invoiceCount,
              // Alone on the first row of a phone's two columns.
              className: 'col-span-2 sm:col-span-1',
            },
            { label: M.total, cents: totals.totalCents },
            { label: M.paid, cents: totals.paidCents, tone: 'text-emerald-700' },
            { label: M.pending, cents: totals.pendingCents, tone: 'text-amber-700' },
            { label: M.overdue, cents: totals.overdueCents, tone: 'text-red-700' },
          ]}
        />
      ) : error ? null : (
        <div className="h-20 animate-pulse rounded-2xl bg-slate-100" aria-hidden />
      )}
      {supplier?.spending ? (
        <div className="flex flex-col gap-1.5">
          <h2 className="text-sm font-semibold text-slate-900">{M.limitTitle}</h2>
          <SpendingLimitPanel
            spending={supplier.spending}
            isAmountVisible={isAmountVisible}
            className="text-sm sm:max-w-md"
          />
        </div>
      ) : null}
    </section>
  );
}

/** `/faturas/<not a NIF>`: said plainly, with the way back. */
export function InvalidNif() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center"
    >
      <p className="text-slate-700">{M.invalidNif}</p>
      <Link to="/fornecedores" className={buttonVariants({ variant: 'outline' })}>
        <ArrowLeft aria-hidden />
        {M.back}
      </Link>
    </div>
  );
}
