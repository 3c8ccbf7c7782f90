import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CATEGORY_COLORS, type CategoryColor } from '#shared/domain.ts';
import { foldForSearch } from '#shared/invoice-search.ts';
import {
  SUPPLIER_MESSAGES,
  SUPPLIER_TAG_NAME_MAX,
  SUPPLIER_TAGS_MAX,
  type SupplierFormValues,
} from '#shared/schemas/supplier.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { COLOR_LABELS, COLOR_SWATCHES } from '#web/components/category/category-colors.ts';
import { SUPPLIER_FORM_MESSAGES } from '../messages.ts';
import { TAG_CHIP } from '../tag-colors.ts';

type Tag = SupplierFormValues['tags'][number];

type TagsFieldProps = {
  value: Tag[];
  onChange(tags: Tag[]): void;
  error?: string | undefined;
};

/** The supplier's tags: chips with a remove button, and a name plus a colour to add one. */
export function TagsField({ value, onChange, error }: TagsFieldProps) {
  const inputId = useId();
  const colorsId = useId();
  const messageId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<CategoryColor>('blue');
  const trimmed = name.trim();
  const isDuplicate =
    trimmed !== '' && value.some((tag) => foldForSearch(tag.name) === foldForSearch(trimmed));
  const isFull = value.length >= SUPPLIER_TAGS_MAX;
  const message = isDuplicate
    ? SUPPLIER_MESSAGES.tagDuplicate
    : isFull
      ? SUPPLIER_MESSAGES.tagsTooMany
      : error;

  const add = () => {
    if (trimmed === '' || isDuplicate || isFull) return;
    onChange([...value, { name: trimmed, color }]);
    setName('');
  };

  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={SUPPLIER_FORM_MESSAGES.tags}>
          {value.map((tag) => (
            <li
              key={tag.name}
              className={cn(
                'inline-flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm font-medium',
                TAG_CHIP[tag.color ?? 'slate'],
              )}
            >
              {tag.name}
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== tag))}
                aria-label={SUPPLIER_FORM_MESSAGES.removeTag(tag.name)}
                className="focus-visible:ring-brand-500/60 inline-flex size-6 items-center justify-center rounded-full hover:bg-black/10 focus-visible:ring-2 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{SUPPLIER_FORM_MESSAGES.noTags}</p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {SUPPLIER_FORM_MESSAGES.tagName}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the tag instead of submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            maxLength={SUPPLIER_TAG_NAME_MAX}
            placeholder={SUPPLIER_FORM_MESSAGES.tagPlaceholder}
            enterKeyHint="done"
            aria-invalid={isDuplicate || undefined}
            aria-describedby={message ? messageId : undefined}
            className={cn(inputClassName, 'flex-1 disabled:bg-slate-100')}
          />
          <Button
            type="button"
            variant="outline"
            onClick={add}
            disabled={trimmed === '' || isDuplicate || isFull}
          >
            <Plus aria-hidden />
            {SUPPLIER_FORM_MESSAGES.addTag}
          </Button>
        </div>
        {message ? (
          <p id={messageId} role="alert" className="text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
      <div role="radiogroup" aria-labelledby={colorsId} className="flex flex-col gap-1.5">
        <span id={colorsId} className="text-sm font-medium text-slate-800">
          {SUPPLIER_FORM_MESSAGES.tagColor}
        </span>
        <div className="flex flex-wrap gap-2">
          {CATEGORY_COLORS.map((option) => (
            <label
              key={option}
              title={COLOR_LABELS[option]}
              className={cn(
                'has-focus-visible:ring-brand-500/60 relative inline-flex size-7 cursor-pointer items-center justify-center rounded-full ring-offset-2 has-checked:ring-2 has-checked:ring-slate-900 has-focus-visible:ring-3 sm:size-8',
                COLOR_SWATCHES[option],
              )}
            >
              <input
                type="radio"
                name={colorsId}
                value={option}
                checked={color === option}
                onChange={() => setColor(option)}
                className="sr-only"
              />
              <span className="sr-only">{COLOR_LABELS[option]}</span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}
