import { CategoryTile } from '#web/components/category/category-tile.tsx';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { amountText, formatPercent } from '../summary-format.ts';

/** 'Gastos por Categoria' (spec §2): icon, share of the month's total and amount. */
export function CategoryList({
  categories,
  isVisible,
}: {
  categories: Summary['byCategory'];
  isVisible: boolean;
}) {
  if (categories.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-slate-500">{SUMMARY_MESSAGES.noSpending}</p>
    );
  }
  return (
    <ul
      className="flex flex-col divide-y divide-slate-100"
      aria-label={SUMMARY_MESSAGES.byCategory}
    >
      {categories.map((category) => (
        <li
          key={category.name}
          className="flex items-center gap-3 py-3"
          data-category={category.name}
        >
          <CategoryTile icon={category.icon} color={category.color} />
          <div className="min-w-0 flex-1">
            <div className="flex items-baseline justify-between gap-2">
              <span className="truncate text-sm font-medium text-slate-800">{category.name}</span>
              <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
                {amountText(category.amountCents, isVisible)}
              </span>
            </div>
            <div className="mt-1.5 flex items-center gap-2">
              <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <div
                  className="bg-brand-500 h-full rounded-full"
                  style={{ width: `${Math.min(100, Math.max(0, category.percentage))}%` }}
                />
              </div>
              <span className="w-14 shrink-0 text-right text-xs text-slate-500 tabular-nums">
                {formatPercent(category.percentage)}
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
