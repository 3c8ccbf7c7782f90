// Pure presentation rules of the invoice card and row (spec invoice-work §2, §9).
import { BUILT_IN_CATEGORIES, type CategoryColor } from '#shared/domain.ts';

/** Observations in the 'Detalhes' hover card are cut at 100 characters (§9). */
export const HOVER_NOTES_MAX = 100;

/** At most `max` characters, an ellipsis marking the cut; whole code points, never half. */
export function truncateText(text: string, max = HOVER_NOTES_MAX): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}

export type CategoryVisual = { icon: string; color: CategoryColor };

const FALLBACK: CategoryVisual = { icon: 'receipt', color: 'slate' };
const BY_NAME = new Map<string, CategoryVisual>(
  BUILT_IN_CATEGORIES.map(({ name, icon, color }) => [name.toLowerCase(), { icon, color }]),
);

/**
 * The icon and colour of a supplier's category: a built-in category's own, otherwise (no
 * supplier, 'Outros', a custom category until categories carry their icon here) a receipt.
 */
export function categoryVisual(category: string | null | undefined): CategoryVisual {
  return (category && BY_NAME.get(category.trim().toLowerCase())) || FALLBACK;
}

/** Badge counts cap at 99+ (§9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
