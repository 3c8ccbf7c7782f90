import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateShort } from '#shared/dates.ts';
import { DOCUMENT_TYPE_LABELS } from '#shared/domain.ts';
import { formatCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { cn } from '#web/lib/cn.ts';
import type { EfaturaImport, EfaturaImportRow } from '../api/import-efatura.ts';
import { EFATURA_MESSAGES } from '../messages.ts';

/** Rows shown at first, and added by each 'Mostrar mais': a year's file has thousands. */
const PAGE = 50;

const STATUS_TONE: Record<EfaturaImportRow['status'], string> = {
  create: 'text-emerald-800',
  skip: 'text-slate-600',
  refuse: 'text-red-800',
};

function Tag({ children, className }: { children: string; className?: string }) {
  return (
    <span
      className={cn(
        'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700',
        className,
      )}
    >
      {children}
    </span>
  );
}

function RowItem({ row }: { row: EfaturaImportRow }) {
  const isCredit = row.documentType === 'NC';
  const details = [
    row.number,
    row.issueDate ? formatDateShort(row.issueDate) : null,
    row.atcud ? `ATCUD ${row.atcud}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <li className="flex flex-col gap-1 px-4 py-3" data-testid="efatura-row">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold break-words text-slate-900">{row.supplierName}</p>
        {row.totalCents !== null ? (
          <p
            className={cn(
              'shrink-0 font-semibold tabular-nums',
              isCredit ? 'text-red-700' : 'text-slate-900',
            )}
          >
            {formatCents(row.totalCents)}
          </p>
        ) : null}
      </div>
      <p className="text-sm break-words text-slate-600">{details.join(' · ')}</p>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs text-slate-500">{EFATURA_MESSAGES.line(row.line)}</span>
        {row.documentType ? (
          <Tag className={isCredit ? 'bg-blue-50 text-blue-800' : undefined}>
            {DOCUMENT_TYPE_LABELS[row.documentType]}
          </Tag>
        ) : null}
        {row.status === 'create' && row.paymentStatus ? <Tag>{row.paymentStatus}</Tag> : null}
        {row.isNewSupplier ? (
          <Tag className="bg-emerald-50 text-emerald-800">{EFATURA_MESSAGES.newSupplier}</Tag>
        ) : null}
        {row.invoiceId ? (
          <Link
            to="/"
            search={{ fatura: row.invoiceId }}
            className="text-brand-800 text-xs font-semibold underline-offset-2 hover:underline"
          >
            {EFATURA_MESSAGES.openInvoice}
          </Link>
        ) : null}
      </div>
      {row.reason ? (
        <p className={cn('text-sm font-medium', STATUS_TONE[row.status])}>{row.reason}</p>
      ) : null}
    </li>
  );
}

function RowList({ rows }: { rows: EfaturaImportRow[] }) {
  const [shown, setShown] = useState(PAGE);
  if (rows.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-slate-500">{EFATURA_MESSAGES.emptyTab}</p>
    );
  }
  const left = rows.length - shown;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {rows.slice(0, shown).map((row) => (
          <RowItem key={row.line} row={row} />
        ))}
      </ul>
      {left > 0 ? (
        <div className="border-t border-slate-100 p-3 text-center">
          <Button variant="ghost" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            {EFATURA_MESSAGES.showMore(Math.min(left, PAGE))}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The file's lines by what became (or would become) of them, one tab each. */
export function ImportRows({ result }: { result: EfaturaImport }) {
  const byStatus = (status: EfaturaImportRow['status']) =>
    result.rows.filter((row) => row.status === status);
  const items = [
    {
      value: 'create',
      label: result.isCommitted ? EFATURA_MESSAGES.created : EFATURA_MESSAGES.toCreate,
      rows: byStatus('create'),
    },
    { value: 'skip', label: EFATURA_MESSAGES.skipped, rows: byStatus('skip') },
    { value: 'refuse', label: EFATURA_MESSAGES.refused, rows: byStatus('refuse') },
  ];
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Tabs
        label={EFATURA_MESSAGES.rowsLabel}
        className="[&_[role=tablist]]:m-2"
        items={items.map(({ value, label, rows }) => ({
          value,
          label,
          // The counts are in the cards above: on a phone the tabs need the room for their names.
          badge: (
            <span className="rounded-full bg-slate-200/80 px-1.5 text-xs text-slate-700 tabular-nums max-sm:hidden">
              {rows.length.toLocaleString('pt-PT')}
            </span>
          ),
          panel: <RowList rows={rows} />,
        }))}
      />
    </section>
  );
}
