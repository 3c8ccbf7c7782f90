import type { UseFormRegisterReturn } from 'react-hook-form';
import { CATEGORY_COLORS, type CategoryColor } from '#shared/domain.ts';
import { CATEGORIES_MESSAGES, COLOR_LABELS } from '../messages.ts';
import { PickerFieldset } from './picker-fieldset.tsx';

// Whole class names, so Tailwind sees them; the same shades as the category tile's gradient.
const SWATCHES: Record<CategoryColor, string> = {
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
};

type ColorPickerProps = { register: UseFormRegisterReturn<'color'>; error?: string | undefined };

/** The ten colours as one radio group of round swatches, each named for screen readers. */
export function ColorPicker({ register, error }: ColorPickerProps) {
  return (
    <PickerFieldset legend={CATEGORIES_MESSAGES.colorLegend} error={error}>
      <div className="grid grid-cols-5 gap-3 sm:grid-cols-10 sm:gap-2">
        {CATEGORY_COLORS.map((color) => (
          <label key={color} title={COLOR_LABELS[color]} className="flex justify-center">
            <input
              type="radio"
              value={color}
              aria-label={COLOR_LABELS[color]}
              className="peer sr-only"
              {...register}
            />
            <span
              className={`${SWATCHES[color]} peer-focus-visible:ring-brand-500/60 size-10 cursor-pointer rounded-full shadow-sm ring-offset-2 transition-shadow peer-checked:ring-3 peer-checked:ring-slate-900 peer-focus-visible:ring-3 sm:size-9`}
            />
          </label>
        ))}
      </div>
    </PickerFieldset>
  );
}
