import type { UseFormRegisterReturn } from 'react-hook-form';
import { CATEGORY_COLORS } from '#shared/domain.ts';
import { COLOR_LABELS, COLOR_SWATCHES } from '#web/components/category/category-colors.ts';
import { CATEGORIES_MESSAGES } from '../messages.ts';
import { PickerFieldset } from './picker-fieldset.tsx';

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
              className={`${COLOR_SWATCHES[color]} peer-focus-visible:ring-brand-500/60 size-10 cursor-pointer rounded-full shadow-sm ring-offset-2 transition-shadow peer-checked:ring-3 peer-checked:ring-slate-900 peer-focus-visible:ring-3 sm:size-9`}
            />
          </label>
        ))}
      </div>
    </PickerFieldset>
  );
}
