import { Info } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { formatDateShort } from '#shared/dates.ts';
import type { ListedInvoice } from '../../api/list-invoices.ts';
import { truncateText } from '../../invoice-display.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';
import { Amount } from './amount.tsx';

/**
 * The card's 'Detalhes' hover card (spec §2): opens on hover and on keyboard focus, closes on
 * leaving or Escape. It only reads; the card itself opens the invoice.
 */
export function DetailsHoverCard({
  invoice,
  isAmountVisible,
}: {
  invoice: ListedInvoice;
  isAmountVisible: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setIsOpen(false);
  };
  return (
    <div
      className="relative z-10"
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onFocus={() => setIsOpen(true)}
      onBlur={() => setIsOpen(false)}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        className="focus-visible:ring-brand-500/60 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:outline-none"
      >
        <Info className="size-3.5" aria-hidden />
        {DASHBOARD_MESSAGES.details}
      </button>
      <div
        id={panelId}
        role="tooltip"
        hidden={!isOpen}
        className="absolute right-0 bottom-full mb-2 w-64 rounded-xl border border-slate-200 bg-white p-3 text-left text-xs text-slate-700 shadow-lg"
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">Número</dt>
          <dd className="truncate font-medium">{invoice.number}</dd>
          <dt className="text-slate-500">Tipo</dt>
          <dd>{invoice.documentType}</dd>
          <dt className="text-slate-500">Emissão</dt>
          <dd>{formatDateShort(invoice.issueDate)}</dd>
          <dt className="text-slate-500">Vencimento</dt>
          <dd>{formatDateShort(invoice.dueDate)}</dd>
          <dt className="text-slate-500">IVA</dt>
          <dd>
            <Amount
              cents={invoice.vatCents}
              documentType={invoice.documentType}
              isVisible={isAmountVisible}
            />
          </dd>
          {invoice.atcud ? (
            <>
              <dt className="text-slate-500">ATCUD</dt>
              <dd className="truncate">{invoice.atcud}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-2 border-t border-slate-100 pt-2 break-words text-slate-600">
          {invoice.notes ? truncateText(invoice.notes) : DASHBOARD_MESSAGES.noNotes}
        </p>
      </div>
    </div>
  );
}
