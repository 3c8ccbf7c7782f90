import { useEffect, type ReactNode } from 'react';
import {
  isAlwaysDrawn,
  loadMoreCategoryIcons,
  useHasAllCategoryIcons,
} from '#web/components/category/category-icons.ts';
import { CustomCategoriesContext } from '#web/components/category/custom-categories-context.ts';
import { useCategories } from '../api/get-categories.ts';

const NONE: never[] = [];

/**
 * Gives the account's custom categories to the category icons below (one small request, kept
 * 30 minutes and refreshed by live updates). Those whose icon is not among the ones always
 * loaded wait for the rest of the icons, so a card goes from the default to the real icon once.
 */
export function CustomCategoriesProvider({ children }: { children: ReactNode }) {
  const custom = useCategories().data?.custom ?? NONE;
  const needsMoreIcons = custom.some((category) => !isAlwaysDrawn(category.icon));
  const hasAllIcons = useHasAllCategoryIcons();
  useEffect(() => {
    if (needsMoreIcons) void loadMoreCategoryIcons();
  }, [needsMoreIcons]);
  const value = needsMoreIcons && !hasAllIcons ? NONE : custom;
  return <CustomCategoriesContext value={value}>{children}</CustomCategoriesContext>;
}
