import { Link } from '@tanstack/react-router';
import { PiggyBank, Pencil, ReceiptText, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNif } from '#shared/nif.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SpendingLimitPanel } from '#web/components/spending-limit-panel.tsx';
import { cn } from '#web/lib/cn.ts';
import type { SupplierListItem } from '../api/list-suppliers.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';
import { TAG_CHIP } from '../tag-colors.ts';

type SupplierCardProps = {
  supplier: SupplierListItem;
  categoryIcon: ReactNode;
  isAmountVisible: boolean;
  /** Null: whoever acts may not edit (or delete) suppliers, and the button is not there. */
  onEdit: ((supplier: SupplierListItem) => void) | null;
  onDelete: ((supplier: SupplierListItem) => void) | null;
};

/** Why there is no panel: no limit, or a limit the plan does not run. */
function NoLimitNote({ supplier }: { supplier: SupplierListItem }) {
  const { limit } = supplier;
  const isSet = limit.active && limit.amountCents !== null && limit.amountCents > 0;
  return (
    <p className="rounded-xl border border-dashed border-slate-200 px-3 py-2 text-xs text-slate-500">
      {isSet ? SUPPLIERS_MESSAGES.limitNeedsPlan : SUPPLIERS_MESSAGES.noLimit}
    </p>
  );
}

/** One entity (spec §2 "Suppliers"): category, invoice count, limit state, tags and actions. */
export function SupplierCard({
  supplier,
  categoryIcon,
  isAmountVisible,
  onEdit,
  onDelete,
}: SupplierCardProps) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        {categoryIcon}
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words text-slate-900">{supplier.name}</h2>
          <p className="text-sm text-slate-500 tabular-nums">
            {formatNif(supplier.nif, 'listing')}
          </p>
        </div>
        {supplier.mainCategory ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            <PiggyBank className="size-3.5" aria-hidden />
            {SUPPLIERS_MESSAGES.savings}
          </span>
        ) : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <span className={supplier.category ? undefined : 'text-slate-500'}>
          {supplier.category ?? SUPPLIERS_MESSAGES.noCategory}
        </span>
        <span aria-hidden className="text-slate-300">
          ·
        </span>
        <span className="tabular-nums">
          {SUPPLIERS_MESSAGES.invoiceCount(supplier.invoiceCount)}
        </span>
      </p>
      {supplier.spending ? (
        <SpendingLimitPanel spending={supplier.spending} isAmountVisible={isAmountVisible} />
      ) : (
        <NoLimitNote supplier={supplier} />
      )}
      {supplier.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Etiquetas">
          {supplier.tags.map((tag) => (
            <li
              key={tag.name}
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium',
                TAG_CHIP[tag.color ?? 'slate'],
              )}
            >
              {tag.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center gap-2 border-t border-slate-100 pt-3">
        {onEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onEdit(supplier)}
            aria-label={SUPPLIERS_MESSAGES.editSupplier(supplier.name)}
          >
            <Pencil aria-hidden />
            {SUPPLIERS_MESSAGES.edit}
          </Button>
        ) : null}
        <Link
          to="/faturas/$nif"
          params={{ nif: supplier.nif }}
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'flex-1' })}
        >
          <ReceiptText aria-hidden />
          {SUPPLIERS_MESSAGES.viewInvoices}
        </Link>
        {onDelete ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(supplier)}
            aria-label={SUPPLIERS_MESSAGES.deleteSupplier(supplier.name)}
            title={SUPPLIERS_MESSAGES.delete}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
    </article>
  );
}
