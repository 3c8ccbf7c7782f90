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
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import type { CategoryColor } from '#shared/domain.ts';
import { cn } from '#web/lib/cn.ts';
import { categoryVisual } from '../../invoice-display.ts';

const ICONS: Record<string, LucideIcon> = {
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
  utensils: Utensils,
};

// Whole class names, so Tailwind sees them (spec §3 category colours; the row's gradient).
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

/** The supplier's category as a white icon on its colour gradient. */
export function CategoryIcon({
  category,
  className,
}: {
  category: string | null | undefined;
  className?: string;
}) {
  const visual = categoryVisual(category);
  const Icon = ICONS[visual.icon] ?? Receipt;
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-sm',
        GRADIENTS[visual.color],
        className,
      )}
      title={category ?? undefined}
      aria-hidden
    >
      <Icon className="size-[55%]" />
    </span>
  );
}
