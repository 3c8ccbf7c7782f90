import type { CategoryColor } from '#shared/domain.ts';

// Whole class names, so Tailwind sees them: a tag's chip and its colour swatch (spec §3 colours).
export const TAG_CHIP: Record<CategoryColor, string> = {
  emerald: 'bg-emerald-100 text-emerald-900',
  blue: 'bg-blue-100 text-blue-900',
  purple: 'bg-purple-100 text-purple-900',
  pink: 'bg-pink-100 text-pink-900',
  orange: 'bg-orange-100 text-orange-900',
  red: 'bg-red-100 text-red-900',
  yellow: 'bg-amber-100 text-amber-900',
  teal: 'bg-teal-100 text-teal-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  slate: 'bg-slate-100 text-slate-800',
};
