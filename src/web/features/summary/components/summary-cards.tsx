import { FileText, Landmark, TrendingUp, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { amountText } from '../summary-format.ts';
import { InfoPopover } from './info-popover.tsx';

type Totals = Summary['totals'];

function SummaryCard({
  title,
  icon: Icon,
  tone,
  value,
  hint,
  popover,
  isAmount = false,
}: {
  title: string;
  icon: LucideIcon;
  tone: string;
  value: string;
  hint?: string | undefined;
  popover?: ReactNode;
  isAmount?: boolean;
}) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <span className={cn('rounded-lg p-1.5', tone)}>
            <Icon className="size-4" aria-hidden />
          </span>
          <h2 className="truncate text-xs font-medium text-slate-600 sm:text-sm">{title}</h2>
        </span>
        {popover}
      </div>
      <p
        className={cn(
          'truncate text-lg font-bold text-slate-900 tabular-nums sm:text-2xl',
          isAmount && value.startsWith('•') && 'tracking-widest',
        )}
        data-testid="summary-card-value"
      >
        {value}
      </p>
      {hint ? <p className="truncate text-xs text-slate-500">{hint}</p> : null}
    </section>
  );
}

function Row({
  label,
  value,
  isStrong = false,
}: {
  label: string;
  value: string;
  isStrong?: boolean;
}) {
  return (
    <div
      className={cn('flex justify-between gap-3 py-1', isStrong && 'font-semibold text-slate-900')}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** 'Total Gasto', 'Média Mensal', 'Total de Faturas' and 'IVA Dedutível' (spec §2). */
export function SummaryCards({ totals, isVisible }: { totals: Totals; isVisible: boolean }) {
  const money = (cents: number) => amountText(cents, isVisible);
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <SummaryCard
        title={SUMMARY_MESSAGES.totalSpent}
        icon={Wallet}
        tone="bg-brand-50 text-brand-700"
        value={money(totals.totalCents)}
        isAmount
        popover={
          <InfoPopover
            label={SUMMARY_MESSAGES.moreAbout(SUMMARY_MESSAGES.totalSpent)}
            align="start"
          >
            <h3 className="font-semibold text-slate-900">{SUMMARY_MESSAGES.ownSpendingTitle}</h3>
            <p className="mt-1 text-xs text-slate-500">{SUMMARY_MESSAGES.ownSpendingHint}</p>
            <dl className="mt-2">
              <Row
                label={`${SUMMARY_MESSAGES.ownSpending} (${SUMMARY_MESSAGES.invoices(totals.ownCount)})`}
                value={money(totals.ownCents)}
              />
              <Row
                label={SUMMARY_MESSAGES.otherSpending}
                value={money(totals.totalCents - totals.ownCents)}
              />
            </dl>
            {totals.hasOwnNif ? null : (
              <p className="mt-2 text-xs text-amber-800">{SUMMARY_MESSAGES.noOwnNif}</p>
            )}
          </InfoPopover>
        }
      />
      <SummaryCard
        title={SUMMARY_MESSAGES.averagePerInvoice}
        icon={TrendingUp}
        tone="bg-sky-50 text-sky-700"
        value={money(totals.averageCents)}
        hint={SUMMARY_MESSAGES.averageHint}
        isAmount
      />
      <SummaryCard
        title={SUMMARY_MESSAGES.invoiceCount}
        icon={FileText}
        tone="bg-violet-50 text-violet-700"
        value={String(totals.invoiceCount)}
        hint={SUMMARY_MESSAGES.creditNotesHint}
      />
      <SummaryCard
        title={SUMMARY_MESSAGES.deductibleVat}
        icon={Landmark}
        tone="bg-emerald-50 text-emerald-700"
        value={money(totals.deductibleVatCents)}
        isAmount
        // Spec §2: the popover only when there is VAT collected to weigh it against.
        popover={
          totals.collectedVatCents === 0 ? null : (
            <InfoPopover label={SUMMARY_MESSAGES.moreAbout(SUMMARY_MESSAGES.deductibleVat)}>
              <dl>
                <Row
                  label={SUMMARY_MESSAGES.deductibleVat}
                  value={money(totals.deductibleVatCents)}
                />
                <Row
                  label={SUMMARY_MESSAGES.collectedVat}
                  value={money(totals.collectedVatCents)}
                />
                <div className="mt-1 border-t border-slate-200 pt-1">
                  <Row
                    label={SUMMARY_MESSAGES.vatBalance}
                    value={money(totals.vatBalanceCents)}
                    isStrong
                  />
                </div>
              </dl>
              <p className="mt-1 text-xs text-slate-500">{SUMMARY_MESSAGES.vatBalanceHint}</p>
            </InfoPopover>
          )
        }
      />
    </div>
  );
}
