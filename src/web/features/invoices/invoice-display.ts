// Pure presentation rules of the invoice card and row (spec invoice-work §2, §9).

/** Observations in the 'Detalhes' hover card are cut at 100 characters (§9). */
export const HOVER_NOTES_MAX = 100;

/** At most `max` characters, an ellipsis marking the cut; whole code points, never half. */
export function truncateText(text: string, max = HOVER_NOTES_MAX): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Badge counts cap at 99+ (§9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
