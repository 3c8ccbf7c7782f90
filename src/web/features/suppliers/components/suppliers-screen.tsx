import { Link } from '@tanstack/react-router';
import { Building2, LoaderCircle, Plus, Search, SearchX, Tags, X } from 'lucide-react';
import { useDeferredValue, useRef, useState, type ReactNode } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { cn } from '#web/lib/cn.ts';
import { useCan } from '#web/lib/use-can.ts';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useSuppliers, type SupplierListItem } from '../api/list-suppliers.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';
import { DeleteSupplierDialog } from './delete-supplier-dialog.tsx';
import { SupplierCard } from './supplier-card.tsx';
import { SupplierEditor } from './supplier-editor.tsx';

type SuppliersScreenProps = {
  /** The category select's names (built-in and custom); 'Outros' is added when missing. */
  categoryNames: readonly string[];
  /** The category's icon; the page brings it from the invoices feature. */
  renderCategoryIcon(category: string | null): ReactNode;
  /** The plan runs spending limits (spec §6); otherwise the limit fields are locked. */
  hasSpendingLimits: boolean;
};

/** Which form is open: none, a new supplier, or one supplier's. */
type Editing = { supplier: SupplierListItem | null } | null;

function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="relative min-w-0 flex-[1_1_16rem]">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        placeholder={SUPPLIERS_MESSAGES.searchPlaceholder}
        aria-label={SUPPLIERS_MESSAGES.searchLabel}
        enterKeyHint="search"
        maxLength={200}
        className={cn(inputClassName, 'h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden')}
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
          aria-label={SUPPLIERS_MESSAGES.clearSearch}
          className="focus-visible:ring-brand-500/60 absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** First load: nothing for 300 ms, then a spinner (spec §9). */
function Loading() {
  const isShown = useHasElapsed();
  if (!isShown) return <div className="h-40" aria-busy="true" />;
  return (
    <p className="flex items-center justify-center gap-3 py-16 text-slate-600" role="status">
      <LoaderCircle className="text-brand-700 size-5 animate-spin" aria-hidden />
      {SUPPLIERS_MESSAGES.loading}
    </p>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <p className="text-red-800">
        {SUPPLIERS_MESSAGES.loadError}
        {message || SUPPLIERS_MESSAGES.unknownError}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {SUPPLIERS_MESSAGES.retry}
      </Button>
    </div>
  );
}

function Empty({ isSearch, onCreate }: { isSearch: boolean; onCreate: (() => void) | null }) {
  const Icon = isSearch ? SearchX : Building2;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center">
      <Icon className="size-8 text-slate-400" aria-hidden />
      <p className="font-semibold text-slate-800">
        {isSearch ? SUPPLIERS_MESSAGES.emptySearch : SUPPLIERS_MESSAGES.empty}
      </p>
      <p className="text-sm text-slate-500">
        {isSearch ? SUPPLIERS_MESSAGES.emptySearchHint : SUPPLIERS_MESSAGES.emptyHint}
      </p>
      {isSearch || !onCreate ? null : (
        <Button onClick={onCreate}>
          <Plus aria-hidden />
          {SUPPLIERS_MESSAGES.newSupplier}
        </Button>
      )}
    </div>
  );
}

/** `/fornecedores` (spec invoice-work §2): the entities, searchable, with their form. */
export function SuppliersScreen({
  categoryNames,
  renderCategoryIcon,
  hasSpendingLimits,
}: SuppliersScreenProps) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const list = useSuppliers(deferredSearch);
  const [isAmountVisible] = useAmountsVisible();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SupplierListItem | null>(null);
  const suppliers = list.data ?? [];
  const openNew = () => setEditing({ supplier: null });
  // What whoever acts may do here (spec accounts §6): what it may not is not offered.
  const rights = useCan();
  const canCreate = rights.can('suppliers.create');
  const canEdit = rights.can('suppliers.edit');
  const canDelete = rights.can('suppliers.delete');
  // The categories page is read-only for a role that may not manage them: no way in from here.
  const canSeeCategories = rights.isRoleAllowed('categories.manage');

  return (
    <section aria-label={SUPPLIERS_MESSAGES.pageTitle} className="flex flex-col gap-4">
      <p className="-mt-2 text-sm text-slate-600">{SUPPLIERS_MESSAGES.intro}</p>
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search} onChange={setSearch} />
        {canSeeCategories || canCreate ? (
          <div className="flex flex-[1_1_auto] gap-2 sm:flex-none">
            {canSeeCategories ? (
              <Link
                to="/gestao-categorias-personalizadas"
                className={buttonVariants({ variant: 'outline', className: 'h-11 flex-1' })}
              >
                <Tags aria-hidden />
                {SUPPLIERS_MESSAGES.categories}
              </Link>
            ) : null}
            {canCreate ? (
              <Button className="h-11 flex-1" onClick={openNew}>
                <Plus aria-hidden />
                {SUPPLIERS_MESSAGES.newSupplier}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError && suppliers.length === 0 ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : suppliers.length === 0 ? (
        <Empty isSearch={deferredSearch.trim() !== ''} onCreate={canCreate ? openNew : null} />
      ) : (
        <ul
          aria-label={SUPPLIERS_MESSAGES.listLabel(suppliers.length)}
          className={cn(
            'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
            // The previous rows stay while a new search loads.
            list.isPlaceholderData && 'opacity-60 transition-opacity',
          )}
        >
          {suppliers.map((supplier) => (
            <li key={supplier.id}>
              <SupplierCard
                supplier={supplier}
                categoryIcon={renderCategoryIcon(supplier.category)}
                isAmountVisible={isAmountVisible}
                onEdit={canEdit ? (chosen) => setEditing({ supplier: chosen }) : null}
                onDelete={canDelete ? setDeleting : null}
              />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <SupplierEditor
          key={editing.supplier?.id ?? 'new'}
          supplier={editing.supplier}
          categoryNames={categoryNames}
          hasSpendingLimits={hasSpendingLimits}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteSupplierDialog supplier={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}
