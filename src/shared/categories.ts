// Categories (spec invoice-work §3 "Custom category", "Built-in categories (ten)"): the icons a
// custom category may use, and how a supplier's category name becomes an icon and a colour.
import { BUILT_IN_CATEGORIES, UNASSIGNED_SUMMARY_CATEGORY, type CategoryColor } from './domain.ts';

/**
 * The lucide icons (kebab-case names) a custom category may use. The web imports exactly these,
 * so the set is kept small: every icon added here weighs on the dashboard's bundle.
 */
export const CUSTOM_CATEGORY_ICONS = [
  'tag',
  'shopping-cart',
  'shopping-bag',
  'utensils',
  'coffee',
  'car',
  'fuel',
  'plane',
  'house',
  'zap',
  'droplet',
  'wifi',
  'phone',
  'heart-pulse',
  'pill',
  'graduation-cap',
  'book',
  'film',
  'dumbbell',
  'shirt',
  'gift',
  'paw-print',
  'briefcase',
  'wrench',
  'piggy-bank',
  'landmark',
] as const;
export type CustomCategoryIcon = (typeof CUSTOM_CATEGORY_ICONS)[number];

export function isCustomCategoryIcon(value: string): value is CustomCategoryIcon {
  return (CUSTOM_CATEGORY_ICONS as readonly string[]).includes(value);
}

export type BuiltInCategoryIcon = (typeof BUILT_IN_CATEGORIES)[number]['icon'];
/** Every icon a category can show: the custom set and the built-in categories' own. */
export type CategoryIconName = CustomCategoryIcon | BuiltInCategoryIcon;

export type CategoryVisual = { icon: CategoryIconName; color: CategoryColor };

/** What the resolver needs of a custom category (the API's CustomCategoryDto has more). */
export type NamedCategoryVisual = { name: string; icon: string; color: CategoryColor };

export type ResolvedCategory = CategoryVisual & {
  /** The category's own spelling; the default's name when `kind` is 'default'. */
  name: string;
  kind: 'built-in' | 'custom' | 'default';
};

/** Names compare without letter case or surrounding spaces, as the database's unique index does. */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase();
}

const BUILT_IN_BY_KEY = new Map(BUILT_IN_CATEGORIES.map((c) => [categoryKey(c.name), c]));

export function isBuiltInCategoryName(name: string): boolean {
  return BUILT_IN_BY_KEY.has(categoryKey(name));
}

const DEFAULT_CATEGORY = BUILT_IN_BY_KEY.get(categoryKey(UNASSIGNED_SUMMARY_CATEGORY));

/**
 * A supplier's category as a name, an icon and a colour: a built-in category's own, else the
 * account's custom category of that name (its icon only if it is one we draw), else the
 * 'Outras Despesas Pessoais' default (spec §2: no category, or one that no longer exists).
 */
export function resolveCategory(
  name: string | null | undefined,
  customCategories: readonly NamedCategoryVisual[] = [],
): ResolvedCategory {
  const key = name ? categoryKey(name) : '';
  const builtIn = key ? BUILT_IN_BY_KEY.get(key) : undefined;
  if (builtIn) return { ...builtIn, kind: 'built-in' };
  const custom = key ? customCategories.find((c) => categoryKey(c.name) === key) : undefined;
  if (custom) {
    return {
      name: custom.name,
      icon: isCustomCategoryIcon(custom.icon) ? custom.icon : 'tag',
      color: custom.color,
      kind: 'custom',
    };
  }
  return {
    name: UNASSIGNED_SUMMARY_CATEGORY,
    icon: DEFAULT_CATEGORY?.icon ?? 'ellipsis',
    color: DEFAULT_CATEGORY?.color ?? 'slate',
    kind: 'default',
  };
}
