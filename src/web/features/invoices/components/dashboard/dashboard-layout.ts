// How many invoices sit side by side (spec invoice-work §2: cards up to 4 columns, the list
// grid up to 5), from the width the list actually has rather than the window's.
import type { InvoiceViewMode } from '#shared/domain.ts';

const GRID_BREAKPOINTS = [
  { minWidth: 1200, columns: 4 },
  { minWidth: 880, columns: 3 },
  { minWidth: 560, columns: 2 },
] as const;

const LIST_BREAKPOINTS = [
  { minWidth: 1600, columns: 5 },
  { minWidth: 1240, columns: 4 },
  { minWidth: 920, columns: 3 },
  { minWidth: 640, columns: 2 },
] as const;

export function columnsFor(width: number, mode: InvoiceViewMode): number {
  const breakpoints = mode === 'grid' ? GRID_BREAKPOINTS : LIST_BREAKPOINTS;
  return breakpoints.find((b) => width >= b.minWidth)?.columns ?? 1;
}

/** Items in rows of `columns`, the unit the virtualiser renders. */
export function chunkRows<T>(items: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(columns));
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
