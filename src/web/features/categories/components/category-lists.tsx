import { Pencil, Tags, Trash2 } from 'lucide-react';
import type { CategoryColor } from '#shared/domain.ts';
import { CategoryTile } from '#web/components/category/category-tile.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { CustomCategory } from '../api/get-categories.ts';
import { CATEGORIES_MESSAGES, deleteLabel, editLabel } from '../messages.ts';

type BuiltIn = { name: string; icon: string; color: CategoryColor };

/** The ten built-in categories: shown, never edited. */
export function BuiltInList({ categories }: { categories: readonly BuiltIn[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2">
      {categories.map((category) => (
        <li
          key={category.name}
          className="flex min-h-14 items-center gap-2.5 rounded-xl border border-slate-200 bg-white px-2.5 py-2 sm:gap-3 sm:px-3"
        >
          <CategoryTile icon={category.icon} color={category.color} className="size-8" />
          <span className="min-w-0 text-[13px] leading-snug font-medium text-slate-800 sm:text-sm">
            {category.name}
          </span>
        </li>
      ))}
    </ul>
  );
}

type CustomListProps = {
  categories: readonly CustomCategory[];
  onEdit: (category: CustomCategory) => void;
  onDelete: (category: CustomCategory) => void;
  onCreate: () => void;
  /** The actor may create, edit and delete them (categories.manage); else they are read-only. */
  canManage: boolean;
};

/** The account's own categories, each with its edit and delete actions when allowed. */
export function CustomList({ categories, onEdit, onDelete, onCreate, canManage }: CustomListProps) {
  if (categories.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center">
        <Tags className="size-8 text-slate-400" aria-hidden />
        <p className="font-medium text-slate-800">{CATEGORIES_MESSAGES.empty}</p>
        {canManage ? (
          <>
            <p className="text-sm text-slate-600">{CATEGORIES_MESSAGES.emptyHint}</p>
            <Button type="button" variant="outline" className="mt-2" onClick={onCreate}>
              {CATEGORIES_MESSAGES.newCategory}
            </Button>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
      aria-label={CATEGORIES_MESSAGES.customTitle}
    >
      {categories.map((category) => (
        <li key={category.id} className="flex items-center gap-3 py-2 pr-2 pl-3">
          <CategoryTile icon={category.icon} color={category.color} />
          <span className="min-w-0 flex-1 font-medium break-words text-slate-900">
            {category.name}
          </span>
          {canManage ? (
            <CategoryActions category={category} onEdit={onEdit} onDelete={onDelete} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type CategoryActionsProps = Pick<CustomListProps, 'onEdit' | 'onDelete'> & {
  category: CustomCategory;
};

function CategoryActions({ category, onEdit, onDelete }: CategoryActionsProps) {
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="size-11 px-0 sm:w-auto sm:px-3"
        aria-label={editLabel(category.name)}
        onClick={() => onEdit(category)}
      >
        <Pencil aria-hidden />
        <span className="hidden sm:inline">{CATEGORIES_MESSAGES.edit}</span>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="size-11 px-0 text-red-700 hover:bg-red-50 hover:text-red-800 sm:w-auto sm:px-3"
        aria-label={deleteLabel(category.name)}
        onClick={() => onDelete(category)}
      >
        <Trash2 aria-hidden />
        <span className="hidden sm:inline">{CATEGORIES_MESSAGES.delete}</span>
      </Button>
    </>
  );
}
