import type { ReactNode } from 'react';
import { DOCUMENT_TYPE_LABELS } from '#shared/domain.ts';
import { formatCents, isCreditNote, signedAmountCents } from '#shared/money.ts';
import { formatNif } from '#shared/nif.ts';
import { Tabs } from '#web/components/ui/tabs.tsx';
import type { Invoice } from '../../api/create-invoice.ts';
import { INVOICE_SHEET_MESSAGES, SHEET_LABELS } from '../../messages.ts';
import { InvoiceImagesPanel } from '../../photos/components/invoice-images-panel.tsx';
import { badgeCount } from './sheet-values.ts';

type Row = { label: string; value: ReactNode };

function DetailSection({ title, rows }: { title: string; rows: readonly Row[] }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs text-slate-500">{row.label}</dt>
            <dd className="text-sm font-medium break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DetailsPanel({ invoice }: { invoice: Invoice }) {
  const invoiceRows: Row[] = [
    { label: SHEET_LABELS.documentType, value: DOCUMENT_TYPE_LABELS[invoice.documentType] },
    {
      label: SHEET_LABELS.vat,
      value: formatCents(signedAmountCents(invoice.vatCents, invoice.documentType)),
    },
  ];
  if (invoice.atcud) invoiceRows.push({ label: SHEET_LABELS.atcud, value: invoice.atcud });
  if (isCreditNote(invoice.documentType) && invoice.originalInvoiceRef) {
    invoiceRows.push({ label: SHEET_LABELS.originalInvoice, value: invoice.originalInvoiceRef });
  }
  const entityRows: Row[] = [
    { label: SHEET_LABELS.supplier, value: invoice.supplierName },
    { label: SHEET_LABELS.supplierNif, value: formatNif(invoice.supplierNif) },
    { label: SHEET_LABELS.buyerNif, value: formatNif(invoice.buyerNif) },
  ];
  if (invoice.buyerName) entityRows.push({ label: SHEET_LABELS.buyer, value: invoice.buyerName });
  return (
    <div className="flex flex-col gap-3">
      <DetailSection title={SHEET_LABELS.invoiceData} rows={invoiceRows} />
      <DetailSection title={SHEET_LABELS.entities} rows={entityRows} />
      <Authorship createdBy={invoice.createdByName} updatedBy={invoice.updatedByName} />
    </div>
  );
}

/** Who created the invoice and who changed it last (issue 18); nothing when neither is known. */
function Authorship({
  createdBy,
  updatedBy,
}: {
  createdBy: string | null;
  updatedBy: string | null;
}) {
  if (!createdBy && !updatedBy) return null;
  return (
    <ul
      aria-label={SHEET_LABELS.authorship}
      className="flex flex-col gap-1 px-1 text-xs text-slate-600"
      data-testid="autoria-fatura"
    >
      {createdBy ? <li>{SHEET_LABELS.createdBy(createdBy)}</li> : null}
      {updatedBy ? <li>{SHEET_LABELS.updatedBy(updatedBy)}</li> : null}
    </ul>
  );
}

function NotesPanel({ notes }: { notes: string | null }) {
  return notes ? (
    <p className="rounded-xl border border-slate-200 p-4 text-sm whitespace-pre-wrap text-slate-800">
      {notes}
    </p>
  ) : (
    <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
      {INVOICE_SHEET_MESSAGES.noNotes}
    </p>
  );
}

/** Tabs Detalhes / Imagens (count badge) / Notas of the view mode (spec §2). */
export function DetailTabs({ invoice }: { invoice: Invoice }) {
  const imageCount = invoice.imagePaths.length;
  return (
    <Tabs
      label={SHEET_LABELS.tabs}
      className="mt-4"
      items={[
        {
          value: 'detalhes',
          label: SHEET_LABELS.details,
          panel: <DetailsPanel invoice={invoice} />,
        },
        {
          value: 'imagens',
          label: SHEET_LABELS.images,
          badge: (
            <span className="rounded-full bg-slate-200 px-1.5 py-0.5 text-xs leading-none font-semibold text-slate-700 tabular-nums">
              {/* Read as "Imagens: 3" rather than "Imagens3". */}
              <span className="sr-only">: </span>
              {badgeCount(imageCount)}
            </span>
          ),
          panel: <InvoiceImagesPanel paths={invoice.imagePaths} />,
        },
        {
          value: 'notas',
          label: SHEET_LABELS.notesTab,
          panel: <NotesPanel notes={invoice.notes} />,
        },
      ]}
    />
  );
}
