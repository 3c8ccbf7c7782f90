import { AlertCircle, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { planRequiredMessage } from '#shared/capabilities.ts';
import {
  loadMoreCategoryIcons,
  useHasAllCategoryIcons,
} from '#web/components/category/category-icons.ts';
import { PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCan } from '#web/lib/use-can.ts';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useCategories, type CustomCategory } from '../api/get-categories.ts';
import { CATEGORIES_MESSAGES } from '../messages.ts';
import { CategoryFormDialog, type FormTarget } from './category-form-dialog.tsx';
import { BuiltInList, CustomList } from './category-lists.tsx';
import { DeleteCategoryDialog } from './delete-category-dialog.tsx';

/** True once every icon can be drawn, or their chunk failed (the tag then stands in). */
function useIconsSettled(): boolean {
  const hasAll = useHasAllCategoryIcons();
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    void loadMoreCategoryIcons().then((isLoaded) => setHasFailed(!isLoaded));
  }, []);
  return hasAll || hasFailed;
}

function Loading() {
  // Spec §9: the spinner shows only after 300 ms, so a fast answer never flashes one.
  const hasElapsed = useHasElapsed();
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-slate-700">
      {hasElapsed ? (
        <>
          <span
            className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
            aria-hidden
          />
          {CATEGORIES_MESSAGES.loading}
        </>
      ) : (
        <span className="sr-only">{CATEGORIES_MESSAGES.loading}</span>
      )}
    </p>
  );
}

/**
 * /gestao-categorias-personalizadas: the built-in categories, then the account's own with
 * create, edit and delete where the actor and the plan allow it (categories.manage, an
 * Empresarial feature); otherwise read-only, with the plan that has it. Changes made in another
 * tab show here at once (live updates).
 */
export function CategoriesScreen() {
  const categories = useCategories();
  const rights = useCan();
  const canManage = rights.can('categories.manage');
  const requiredPlan = rights.requiredPlan('categories.manage');
  // The picker and the list show every icon: the page waits for them with its data.
  const areIconsSettled = useIconsSettled();
  const [formTarget, setFormTarget] = useState<FormTarget>({ kind: 'closed' });
  const [toDelete, setToDelete] = useState<CustomCategory | null>(null);
  const openNew = () => setFormTarget({ kind: 'new' });

  if (categories.isPending || !areIconsSettled) return <Loading />;
  if (categories.isError) {
    return (
      <div className="flex flex-col items-start gap-3 py-6">
        <p role="alert" className="flex items-center gap-2 text-slate-800">
          <AlertCircle className="size-5 text-red-600" aria-hidden />
          {categories.error.message === CATEGORIES_MESSAGES.loadFailed
            ? CATEGORIES_MESSAGES.loadFailed
            : `${CATEGORIES_MESSAGES.loadFailed}: ${categories.error.message}`}
        </p>
        <Button type="button" variant="outline" onClick={() => void categories.refetch()}>
          {CATEGORIES_MESSAGES.retry}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-600">{CATEGORIES_MESSAGES.intro}</p>
        {canManage ? (
          <Button type="button" className="self-start sm:self-auto" onClick={openNew}>
            <Plus aria-hidden />
            {CATEGORIES_MESSAGES.newCategory}
          </Button>
        ) : null}
      </div>
      {requiredPlan ? (
        <PlanRequiredNotice
          title={CATEGORIES_MESSAGES.premiumTitle}
          message={planRequiredMessage('customCategories', requiredPlan)}
          requiredPlan={requiredPlan}
        />
      ) : null}

      <section aria-labelledby="categorias-predefinidas">
        <h2 id="categorias-predefinidas" className="text-lg font-semibold text-slate-900">
          {CATEGORIES_MESSAGES.builtInTitle}
        </h2>
        <p className="mt-0.5 mb-3 text-sm text-slate-600">{CATEGORIES_MESSAGES.builtInNote}</p>
        <BuiltInList categories={categories.data.builtIn} />
      </section>

      <section aria-labelledby="categorias-proprias">
        <h2 id="categorias-proprias" className="mb-3 text-lg font-semibold text-slate-900">
          {CATEGORIES_MESSAGES.customTitle}
        </h2>
        <CustomList
          categories={categories.data.custom}
          onEdit={(category) => setFormTarget({ kind: 'edit', category })}
          onDelete={setToDelete}
          onCreate={openNew}
          canManage={canManage}
        />
      </section>

      <CategoryFormDialog target={formTarget} onClose={() => setFormTarget({ kind: 'closed' })} />
      <DeleteCategoryDialog category={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
