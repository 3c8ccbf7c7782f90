import { CircleCheck, Megaphone } from 'lucide-react';
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { formatNif } from '#shared/nif.ts';
import { cn } from '#web/lib/cn.ts';
import type { EfaturaImport } from '../api/import-efatura.ts';
import { EFATURA_MESSAGES } from '../messages.ts';

/**
 * The reverse check: invoices of the file's period that Papelada has and the portal's list
 * lacks, so the user can ask each supplier to communicate them to the AT.
 */
export function MissingList({ missing }: { missing: EfaturaImport['missing'] }) {
  const headingId = 'efatura-missing-title';
  if (missing.total === 0) {
    return (
      <p className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 shadow-sm">
        <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden />
        {EFATURA_MESSAGES.missingNone}
      </p>
    );
  }
  const hidden = missing.total - missing.items.length;
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-amber-200 bg-white shadow-sm"
    >
      <div className="flex gap-3 bg-amber-50 px-4 py-3">
        <Megaphone className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <h2 id={headingId} className="font-semibold text-amber-950">
            {EFATURA_MESSAGES.missingTitle} ({missing.total.toLocaleString('pt-PT')})
          </h2>
          <p className="text-sm text-amber-900">{EFATURA_MESSAGES.missingText}</p>
        </div>
      </div>
      <ul className="divide-y divide-slate-100" data-testid="efatura-missing">
        {missing.items.map((invoice) => (
          <li key={invoice.id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{invoice.supplierName}</p>
              <p className="text-sm break-words text-slate-600">
                {[
                  `NIF ${formatNif(invoice.supplierNif, 'listing')}`,
                  invoice.number,
                  formatDateShort(invoice.issueDate),
                ].join(' · ')}
              </p>
            </div>
            <p
              className={cn(
                'shrink-0 font-semibold tabular-nums',
                invoice.totalCents < 0 ? 'text-red-700' : 'text-slate-900',
              )}
            >
              {formatCents(invoice.totalCents)}
            </p>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
          {EFATURA_MESSAGES.missingMore(hidden)}
        </p>
      ) : null}
    </section>
  );
}
