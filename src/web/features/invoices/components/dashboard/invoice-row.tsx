import { memo } from 'react';
import { formatDateLong, formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { isCreditNote } from '#shared/money.ts';
import { PREVIOUS_MONTH_BADGE } from '#shared/invoice-status.ts';
import { cn } from '#web/lib/cn.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { Amount } from './amount.tsx';
import { CategoryIcon } from './category-icon.tsx';
import type { InvoiceItemProps } from './invoice-card.tsx';
import { displayState } from '../../invoice-display.ts';
import { InvoiceStatusBadge, UrgentBadge } from './status-badge.tsx';

/** List row (spec §2 "Invoice list row"): credit notes ring blue and show a red negative total. */
function InvoiceRowItem({ invoice, isAmountVisible, isWide, onOpen }: InvoiceItemProps) {
  const isNc = isCreditNote(invoice.documentType);
  const formatDate = isWide ? formatDateLong : formatDateShort;
  const { status, isUrgent } = displayState(invoice, todayInLisbon());
  return (
    <button
      type="button"
      onClick={() => onOpen(invoice.id)}
      // The label replaces the content for screen readers, so it carries the status too.
      aria-label={`${DASHBOARD_MESSAGES.openInvoice} ${invoice.number} de ${invoice.supplierName}, ${status}${isUrgent ? `, ${DASHBOARD_MESSAGES.urgent}` : ''}`}
      className={cn(
        'focus-visible:ring-brand-500/60 flex h-full w-full items-center gap-3 rounded-xl border bg-white px-3 py-2.5 text-left shadow-sm hover:bg-slate-50 focus-visible:ring-3 focus-visible:outline-none',
        invoice.isHighlighted ? 'border-red-400' : 'border-slate-200',
        isNc && 'ring-2 ring-blue-400',
      )}
    >
      <CategoryIcon category={invoice.supplier?.category} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900">
          {invoice.supplierName}
        </span>
        <span className="block truncate text-xs text-slate-500">
          #{invoice.number} · {formatDate(invoice.issueDate)}
          {invoice.isHighlighted ? (
            <span className="text-red-700"> · {PREVIOUS_MONTH_BADGE}</span>
          ) : null}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <Amount
          cents={invoice.totalCents}
          documentType={invoice.documentType}
          isVisible={isAmountVisible}
          isNegativeRed
          className="text-sm font-semibold text-slate-900"
        />
        <span className="flex items-center gap-1">
          {isUrgent ? <UrgentBadge /> : null}
          <InvoiceStatusBadge status={status} method={invoice.paymentMethod} />
        </span>
      </span>
    </button>
  );
}

/** Memoised: scrolling re-renders the visible rows, not the invoices already drawn. */
export const InvoiceRow = memo(InvoiceRowItem);
