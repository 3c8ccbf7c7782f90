import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import type { CmvMonth } from '../api/get-cmv-report.ts';
import { euros, percentText } from '../cmv-format.ts';
import { CMV_MESSAGES } from '../messages.ts';

function Card({
  label,
  value,
  note,
  tone = 'default',
  testId,
  className,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  tone?: 'default' | 'good' | 'bad';
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
        className,
      )}
      data-testid={testId}
    >
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
      <p
        className={cn(
          'truncate text-lg font-bold tabular-nums sm:text-2xl',
          tone === 'good' && 'text-emerald-700',
          tone === 'bad' && 'text-red-700',
          tone === 'default' && 'text-slate-900',
        )}
      >
        {value}
      </p>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

/** The month at a glance: sales, cost of goods sold, gross margin and its share of sales. */
export function CmvCards({ month }: { month: CmvMonth }) {
  const margin = month.grossMarginCents;
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
      <Card
        testId="cmv-card-sales"
        label={CMV_MESSAGES.sales}
        value={euros(month.salesCents)}
        note={CMV_MESSAGES.salesDays(month.salesDays)}
      />
      <Card
        testId="cmv-card-cmv"
        label={CMV_MESSAGES.cmv}
        value={euros(month.cmvCents)}
        note={CMV_MESSAGES.cmvHint}
      />
      <Card
        testId="cmv-card-margin"
        label={CMV_MESSAGES.grossMargin}
        className="col-span-2 sm:col-span-1"
        value={euros(margin)}
        tone={margin < 0 ? 'bad' : margin > 0 ? 'good' : 'default'}
        note={
          month.marginPercent === null
            ? CMV_MESSAGES.noSales
            : CMV_MESSAGES.marginPercent(percentText(month.marginPercent))
        }
      />
    </div>
  );
}

/** VAT collected on sales against the VAT deductible on the month's invoices. */
export function VatCard({ month }: { month: CmvMonth }) {
  const balance = month.vatBalanceCents;
  return (
    <section
      aria-labelledby="cmv-vat-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="cmv-vat"
    >
      <h2 id="cmv-vat-title" className="font-semibold text-slate-900">
        {CMV_MESSAGES.vatTitle}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div className="flex justify-between gap-2 sm:flex-col">
          <dt className="text-slate-600">{CMV_MESSAGES.vatCollected}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {euros(month.vatCollectedCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:flex-col">
          <dt className="text-slate-600">{CMV_MESSAGES.vatDeductible}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {euros(month.vatDeductibleCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-slate-100 pt-2 sm:flex-col sm:border-0 sm:pt-0">
          <dt className="text-slate-600">{CMV_MESSAGES.vatBalance}</dt>
          <dd
            className={cn(
              'font-bold tabular-nums',
              balance > 0 ? 'text-amber-800' : 'text-emerald-700',
            )}
          >
            {euros(Math.abs(balance))}{' '}
            <span className="text-xs font-medium">
              {balance >= 0 ? CMV_MESSAGES.vatToPay : CMV_MESSAGES.vatToRecover}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
