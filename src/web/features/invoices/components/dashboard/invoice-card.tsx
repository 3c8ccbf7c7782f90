import { memo } from 'react';
import { formatDateLong, formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { isCreditNote } from '#shared/money.ts';
import { PREVIOUS_MONTH_BADGE } from '#shared/invoice-status.ts';
import { SpendingLimitPanel } from '#web/components/spending-limit-panel.tsx';
import { cn } from '#web/lib/cn.ts';
import type { ListedInvoice } from '../../api/list-invoices.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { CardPhotoCover, CardPhotos } from '../../photos/components/card-photos.tsx';
import { Amount } from './amount.tsx';
import { CategoryIcon } from './category-icon.tsx';
import { DetailsHoverCard } from './details-hover-card.tsx';
import { displayState } from '../../invoice-display.ts';
import { InvoiceStatusBadge, UrgentBadge } from './status-badge.tsx';

export type InvoiceItemProps = {
  invoice: ListedInvoice;
  isAmountVisible: boolean;
  /** dd 'de' MMMM 'de' yyyy on wide screens, dd/MM/yyyy on phones (spec §2). */
  isWide: boolean;
  onOpen(id: string): void;
};

/** Grid card (spec §2 "Invoice card"): the whole card opens the invoice. */
function InvoiceCardItem({ invoice, isAmountVisible, isWide, onOpen }: InvoiceItemProps) {
  const isNc = isCreditNote(invoice.documentType);
  const formatDate = isWide ? formatDateLong : formatDateShort;
  const tags = invoice.supplier?.tags ?? [];
  const { status, isUrgent } = displayState(invoice, todayInLisbon());
  return (
    <article
      className={cn(
        'relative flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md',
        invoice.isHighlighted ? 'border-red-400 ring-1 ring-red-400' : 'border-slate-200',
      )}
    >
      <CardPhotoCover invoice={invoice} />
      <div className="flex items-start gap-3">
        <CategoryIcon category={invoice.supplier?.category} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">
            {/* Stretched over the card: one tab stop, and the card is the button. */}
            <button
              type="button"
              onClick={() => onOpen(invoice.id)}
              className="focus-visible:ring-brand-500/60 after:focus-visible:ring-brand-500/60 line-clamp-2 text-left break-words after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none after:focus-visible:ring-3"
            >
              {invoice.supplierName}
            </button>
          </h3>
          <p className="truncate text-sm text-slate-500">#{invoice.number}</p>
        </div>
        <InvoiceStatusBadge status={status} method={invoice.paymentMethod} />
      </div>

      {invoice.isHighlighted || isNc || isUrgent ? (
        <div className="flex flex-wrap gap-1.5">
          {isUrgent ? <UrgentBadge /> : null}
          {invoice.isHighlighted ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
              {PREVIOUS_MONTH_BADGE}
            </span>
          ) : null}
          {isNc ? (
            <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">
              {DASHBOARD_MESSAGES.creditNote}
            </span>
          ) : null}
        </div>
      ) : null}
      {isNc && invoice.originalInvoiceRef ? (
        <p className="truncate text-xs text-slate-600">
          {DASHBOARD_MESSAGES.originalInvoice}
          {invoice.originalInvoiceRef}
        </p>
      ) : null}

      {/* Spec §4: only for an active, non-zero limit on a paid plan (the server sends null). */}
      <SpendingLimitPanel spending={invoice.supplier?.spending} isAmountVisible={isAmountVisible} />
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Etiquetas do fornecedor">
          {tags.map((tag) => (
            <li
              key={tag.name}
              className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600"
            >
              {tag.name}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-col gap-2">
        <Amount
          cents={invoice.totalCents}
          documentType={invoice.documentType}
          isVisible={isAmountVisible}
          isNegativeRed
          className="text-xl font-bold text-slate-900"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-slate-500">
          <dt>{DASHBOARD_MESSAGES.issuedOn}</dt>
          <dd className="text-slate-700">{formatDate(invoice.issueDate)}</dd>
          <dt>{DASHBOARD_MESSAGES.dueOn}</dt>
          <dd className="text-slate-700">{formatDate(invoice.dueDate)}</dd>
        </dl>
      </div>
      {/* Thumbnails and the photo buttons (spec §2), beside 'Detalhes'. */}
      <CardPhotos invoice={invoice}>
        <DetailsHoverCard invoice={invoice} isAmountVisible={isAmountVisible} />
      </CardPhotos>
    </article>
  );
}

/** Memoised: scrolling re-renders the visible rows, not the invoices already drawn. */
export const InvoiceCard = memo(InvoiceCardItem);
