import { resolveCategory } from '#shared/categories.ts';
import { CategoryTile } from '#web/components/category/category-tile.tsx';
import { useCustomCategories } from '#web/components/category/custom-categories-context.ts';

/**
 * The supplier's category as a white icon on its colour's gradient: a built-in category's own,
 * or the account's custom one when the page provides them (CustomCategoriesContext). No
 * supplier, no category, or one the account no longer has: a receipt in slate.
 */
export function CategoryIcon({
  category,
  className,
}: {
  category: string | null | undefined;
  className?: string;
}) {
  const resolved = resolveCategory(category, useCustomCategories());
  const isKnown = resolved.kind !== 'default';
  return (
    <CategoryTile
      icon={isKnown ? resolved.icon : 'receipt'}
      color={isKnown ? resolved.color : 'slate'}
      title={category ?? undefined}
      className={className}
    />
  );
}
