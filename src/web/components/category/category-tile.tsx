// A category drawn as the app draws it everywhere (dashboard cards, suppliers, the categories
// page): its lucide icon, white on its colour's gradient (icons from category-icons.ts).
import { createElement } from 'react';
import type { LucideProps } from 'lucide-react';
import type { CategoryColor } from '#shared/domain.ts';
import { cn } from '#web/lib/cn.ts';
import { useCategoryIcon } from './category-icons.ts';

// Whole class names, so Tailwind sees them (spec §3 category colours).
const GRADIENTS: Record<CategoryColor, string> = {
  emerald: 'from-emerald-400 to-emerald-600',
  blue: 'from-blue-400 to-blue-600',
  purple: 'from-purple-400 to-purple-600',
  pink: 'from-pink-400 to-pink-600',
  orange: 'from-orange-400 to-orange-600',
  red: 'from-red-400 to-red-600',
  yellow: 'from-amber-300 to-amber-500',
  teal: 'from-teal-400 to-teal-600',
  indigo: 'from-indigo-400 to-indigo-600',
  slate: 'from-slate-400 to-slate-600',
};

/** The bare icon; an unknown name (an old or foreign value) draws the tag. */
export function CategoryGlyph({ icon, ...props }: LucideProps & { icon: string }) {
  return createElement(useCategoryIcon(icon), { 'aria-hidden': true, ...props });
}

type CategoryTileProps = {
  icon: string;
  color: CategoryColor;
  /** Shown on hover; the tile itself is decorative (the category's name is written beside it). */
  title?: string | undefined;
  className?: string | undefined;
};

/** The icon, white on the colour's gradient, in a rounded square (36 px unless sized). */
export function CategoryTile({ icon, color, title, className }: CategoryTileProps) {
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-sm',
        GRADIENTS[color],
        className,
      )}
      title={title}
      aria-hidden
    >
      <CategoryGlyph icon={icon} className="size-[55%]" />
    </span>
  );
}
