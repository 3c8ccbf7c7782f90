// The account's custom categories for whatever draws a supplier's category below a provider
// (the dashboard's cards): a page composes the categories feature's data into this context, so
// the features that draw categories need not import the one that fetches them.
import { createContext, useContext } from 'react';
import type { NamedCategoryVisual } from '#shared/categories.ts';

const NONE: readonly NamedCategoryVisual[] = [];

export const CustomCategoriesContext = createContext<readonly NamedCategoryVisual[]>(NONE);

/** [] outside a provider, or while the categories load: built-in and default icons still show. */
export function useCustomCategories(): readonly NamedCategoryVisual[] {
  return useContext(CustomCategoriesContext);
}
