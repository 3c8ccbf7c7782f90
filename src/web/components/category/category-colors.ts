import type { CategoryColor } from '#shared/domain.ts';

// The ten colours (spec invoice-work §3 "Category colors") as categories and supplier tags show
// them: their pt-PT names, and a swatch's whole Tailwind class (so Tailwind sees it), in the
// same shades as the category tile's gradient.

export const COLOR_LABELS = {
  emerald: 'Esmeralda',
  blue: 'Azul',
  purple: 'Roxo',
  pink: 'Rosa',
  orange: 'Laranja',
  red: 'Vermelho',
  yellow: 'Amarelo',
  teal: 'Verde-azulado',
  indigo: 'Índigo',
  slate: 'Cinzento',
} as const satisfies Record<CategoryColor, string>;

export const COLOR_SWATCHES = {
  emerald: 'bg-emerald-500',
  blue: 'bg-blue-500',
  purple: 'bg-purple-500',
  pink: 'bg-pink-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
  yellow: 'bg-amber-400',
  teal: 'bg-teal-500',
  indigo: 'bg-indigo-500',
  slate: 'bg-slate-500',
} as const satisfies Record<CategoryColor, string>;
