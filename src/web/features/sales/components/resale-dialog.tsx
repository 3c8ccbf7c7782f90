import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import {
  useResaleCategories,
  useSaveResaleCategories,
  type ResaleCategory,
} from '../api/resale-categories.ts';
import { CMV_MESSAGES } from '../messages.ts';

function CategoryGroup({
  title,
  categories,
  chosen,
  onToggle,
}: {
  title: string;
  categories: readonly ResaleCategory[];
  chosen: ReadonlySet<string>;
  onToggle(key: string): void;
}) {
  if (categories.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{title}</legend>
      {categories.map((category) => (
        <label
          key={category.key}
          className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50"
        >
          <Checkbox checked={chosen.has(category.key)} onChange={() => onToggle(category.key)} />
          <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{category.name}</span>
          <span className="shrink-0 text-xs text-slate-500">
            {CMV_MESSAGES.supplierCount(category.supplierCount)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function ResaleForm({ categories, onDone }: { categories: ResaleCategory[]; onDone(): void }) {
  const [chosen, setChosen] = useState(
    () => new Set(categories.filter((c) => c.isResale).map((c) => c.key)),
  );
  const save = useSaveResaleCategories();
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const submit = () => {
    const picked = categories.filter((c) => chosen.has(c.key));
    save.mutate(
      {
        builtIn: picked.filter((c) => c.kind === 'built-in').map((c) => c.key),
        customIds: picked.filter((c) => c.kind === 'custom').map((c) => c.key),
      },
      {
        onSuccess: () => {
          toast.success(CMV_MESSAGES.resaleSaved);
          onDone();
        },
        onError: (error) =>
          toast.error(CMV_MESSAGES.resaleSaveFailed, { description: error.message }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <CategoryGroup
        title={CMV_MESSAGES.customGroup}
        categories={categories.filter((c) => c.kind === 'custom')}
        chosen={chosen}
        onToggle={toggle}
      />
      <CategoryGroup
        title={CMV_MESSAGES.builtInGroup}
        categories={categories.filter((c) => c.kind === 'built-in')}
        chosen={chosen}
        onToggle={toggle}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {CMV_MESSAGES.cancel}
        </Button>
        <Button type="button" disabled={save.isPending} onClick={submit}>
          {save.isPending ? CMV_MESSAGES.saving : CMV_MESSAGES.save}
        </Button>
      </div>
    </div>
  );
}

function ResaleContent({ onDone }: { onDone(): void }) {
  const query = useResaleCategories();
  if (query.error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {CMV_MESSAGES.resaleLoadFailed}: {query.error.message}
      </p>
    );
  }
  if (!query.data)
    return <p role="status" className="h-40 animate-pulse rounded-xl bg-slate-100" />;
  return <ResaleForm categories={query.data.categories} onDone={onDone} />;
}

/** Which categories' suppliers sell the company its goods for resale. */
export function ResaleDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? null : onClose())}>
      {isOpen ? (
        <DialogContent
          title={CMV_MESSAGES.resaleDialogTitle}
          description={CMV_MESSAGES.resaleDialogText}
        >
          <ResaleContent onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
