import { formatCents, signedAmountCents } from '#shared/money.ts';
import { formatNif } from '#shared/nif.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { SHEET_LABELS } from '../../messages.ts';
import { InvoiceDate } from './summary-cards.tsx';

/** The edit mode's reminder of what is being edited (spec §2 "summary strip"). */
export function EditSummary({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-100 p-3 text-sm sm:grid-cols-4">
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{SHEET_LABELS.number}</dt>
        <dd className="truncate font-semibold text-slate-900">{invoice.number}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{SHEET_LABELS.supplier}</dt>
        <dd className="truncate font-semibold text-slate-900">{invoice.supplierName}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{SHEET_LABELS.total}</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">
          {formatCents(signedAmountCents(invoice.totalCents, invoice.documentType))}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{SHEET_LABELS.issueDate}</dt>
        <dd className="font-semibold text-slate-900">
          <InvoiceDate date={invoice.issueDate} />
        </dd>
      </div>
    </dl>
  );
}

/** Who the invoice was issued to; read from the invoice, not edited here (yet). */
export function RecipientBlock({ invoice }: { invoice: Invoice }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{SHEET_LABELS.recipient}</h3>
      <p className="mt-0.5 text-xs text-slate-500">{SHEET_LABELS.recipientReadOnly}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">{SHEET_LABELS.buyerNif}</dt>
          <dd className="text-sm font-medium text-slate-900">{formatNif(invoice.buyerNif)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{SHEET_LABELS.buyerName}</dt>
          <dd className="text-sm font-medium text-slate-900">{invoice.buyerName ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
