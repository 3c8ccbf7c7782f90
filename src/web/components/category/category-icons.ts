// Which lucide component draws a category icon. The built-in categories' icons (and the tag and
// receipt fallbacks) are always here; the others a custom category may use come in one small
// chunk, asked for by whatever is about to draw one (loadMoreCategoryIcons).
import { useEffect, useSyncExternalStore } from 'react';
import {
  Car,
  Ellipsis,
  Film,
  GraduationCap,
  HeartPulse,
  House,
  Landmark,
  Receipt,
  ShoppingBag,
  ShoppingCart,
  Tag,
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import type { BuiltInCategoryIcon } from '#shared/categories.ts';

const ALWAYS = {
  car: Car,
  ellipsis: Ellipsis,
  film: Film,
  'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse,
  house: House,
  landmark: Landmark,
  receipt: Receipt,
  'shopping-bag': ShoppingBag,
  'shopping-cart': ShoppingCart,
  tag: Tag,
  utensils: Utensils,
} as const satisfies Record<BuiltInCategoryIcon | 'tag' | 'receipt', LucideIcon>;

function isAlways(icon: string): icon is keyof typeof ALWAYS {
  return Object.hasOwn(ALWAYS, icon);
}

let more: Readonly<Record<string, LucideIcon>> | undefined;
let loading: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

/**
 * Idempotent; resolves true once every icon can be drawn, false when the chunk could not be
 * loaded (the tag stands in, and a later call tries again).
 */
export function loadMoreCategoryIcons(): Promise<boolean> {
  loading ??= import('./more-category-icons.ts').then(
    (module) => {
      more = module.MORE_CATEGORY_ICONS;
      for (const listener of listeners) listener();
      return true;
    },
    () => {
      loading = undefined;
      return false;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once every icon can be drawn; re-renders the caller then. */
export function useHasAllCategoryIcons(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => more !== undefined,
    () => false,
  );
}

/** Drawn without waiting for anything: a built-in category's icon, the tag or the receipt. */
export function isAlwaysDrawn(icon: string): boolean {
  return isAlways(icon);
}

/**
 * The component that draws `icon`, asking for the rest of the icons when it is not one of those
 * always here: the tag stands in until they arrive, and for names no category may have.
 */
export function useCategoryIcon(icon: string): LucideIcon {
  const needsMore = !isAlways(icon);
  const hasAll = useHasAllCategoryIcons();
  useEffect(() => {
    if (needsMore) void loadMoreCategoryIcons();
  }, [needsMore]);
  if (isAlways(icon)) return ALWAYS[icon];
  return (hasAll && more && Object.hasOwn(more, icon) && more[icon]) || Tag;
}
