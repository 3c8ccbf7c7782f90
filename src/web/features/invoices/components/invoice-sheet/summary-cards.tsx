import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateLong, formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { formatCents, isCreditNote, signedAmountCents } from '#shared/money.ts';
import { cn } from '#web/lib/cn.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { displayState } from '../../invoice-display.ts';
import { SHEET_LABELS } from '../../messages.ts';
import { UrgentBadge } from '../dashboard/status-badge.tsx';
import { PaymentCard } from './payment-card.tsx';
import { overdueDays, overdueText } from './sheet-values.ts';

type CardProps = { label: string; className?: string; children: ReactNode };

function Card({ label, className, children }: CardProps) {
  return (
    <div className={cn('rounded-xl border border-slate-200 bg-white p-3 shadow-sm', className)}>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/** dd/MM/yyyy on phones, "dd de MMMM de yyyy" from 768 px (spec §2). */
export function InvoiceDate({ date }: { date: string }) {
  return (
    <>
      <span className="md:hidden">{formatDateShort(date)}</span>
      <span className="hidden md:inline">{formatDateLong(date)}</span>
    </>
  );
}

/** The view mode's cards: total ('Crédito' for a credit note), dates, and payment. */
export function SummaryCards({ invoice }: { invoice: Invoice }) {
  const isCredit = isCreditNote(invoice.documentType);
  const today = todayInLisbon();
  const overdue = overdueDays(invoice, today);
  const { isUrgent } = displayState(invoice, today);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Card
        label={isCredit ? SHEET_LABELS.credit : SHEET_LABELS.total}
        className="col-span-2 sm:col-span-1"
      >
        <p
          className={cn(
            'text-2xl font-bold tabular-nums',
            isCredit ? 'text-red-700' : 'text-slate-900',
          )}
        >
          {formatCents(signedAmountCents(invoice.totalCents, invoice.documentType))}
        </p>
      </Card>
      <Card label={SHEET_LABELS.issueDate}>
        <p className="font-semibold text-slate-900">
          <InvoiceDate date={invoice.issueDate} />
        </p>
      </Card>
      <Card label={SHEET_LABELS.dueDate}>
        <p className="font-semibold text-slate-900">
          <InvoiceDate date={invoice.dueDate} />
        </p>
        {overdue !== null ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {overdueText(overdue)}
          </p>
        ) : null}
        {isUrgent ? <UrgentBadge className="mt-1" /> : null}
      </Card>
      <PaymentCard invoice={invoice} className="col-span-2 sm:col-span-3" />
    </div>
  );
}
