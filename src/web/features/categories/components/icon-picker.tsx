import type { UseFormRegisterReturn } from 'react-hook-form';
import { CUSTOM_CATEGORY_ICONS } from '#shared/categories.ts';
import { CategoryGlyph } from '#web/components/category/category-tile.tsx';
import { CATEGORIES_MESSAGES, ICON_LABELS } from '../messages.ts';
import { PickerFieldset } from './picker-fieldset.tsx';

type IconPickerProps = { register: UseFormRegisterReturn<'icon'>; error?: string | undefined };

/**
 * The allowed icons as one radio group: a single Tab stop, arrow keys move and choose, and each
 * icon is named for screen readers.
 */
export function IconPicker({ register, error }: IconPickerProps) {
  return (
    <PickerFieldset legend={CATEGORIES_MESSAGES.iconLegend} error={error}>
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-9">
        {CUSTOM_CATEGORY_ICONS.map((icon) => (
          <label key={icon} title={ICON_LABELS[icon]} className="relative">
            <input
              type="radio"
              value={icon}
              aria-label={ICON_LABELS[icon]}
              className="peer sr-only"
              {...register}
            />
            <span className="peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-brand-500/60 peer-checked:ring-brand-600 flex aspect-square cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 transition-colors peer-checked:ring-2 peer-focus-visible:ring-3 hover:bg-slate-50">
              <CategoryGlyph icon={icon} className="size-5" />
            </span>
          </label>
        ))}
      </div>
    </PickerFieldset>
  );
}
