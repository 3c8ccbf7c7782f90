import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { isCustomCategoryIcon } from '#shared/categories.ts';
import { CATEGORY_COLORS, type CategoryColor } from '#shared/domain.ts';
import {
  CATEGORY_NAME_MAX,
  categoryFormSchema,
  emptyCategoryForm,
  type CategoryFormValues,
  type CategoryInput,
} from '#shared/schemas/category.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { CategoryTile } from '#web/components/category/category-tile.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useCreateCategory } from '../api/create-category.ts';
import type { CustomCategory } from '../api/get-categories.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import { CATEGORIES_MESSAGES, nameLength } from '../messages.ts';
import { ColorPicker } from './color-picker.tsx';
import { IconPicker } from './icon-picker.tsx';

const isColor = (value: string): value is CategoryColor =>
  (CATEGORY_COLORS as readonly string[]).includes(value);

function toFormValues(category: CustomCategory | null): CategoryFormValues {
  if (!category) return emptyCategoryForm;
  // An icon outside today's set is not offered: the user picks one again.
  return {
    name: category.name,
    icon: isCustomCategoryIcon(category.icon) ? category.icon : '',
    color: category.color,
  };
}

type CategoryFormProps = {
  /** null: a new category. */
  category: CustomCategory | null;
  onDone: () => void;
};

/**
 * Name, icon and colour, validated by the API's schema with the spec's messages. On a refusal
 * the form stays open with what was chosen; a taken name is said under the name too.
 */
export function CategoryForm({ category, onDone }: CategoryFormProps) {
  const form = useForm<CategoryFormValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: toFormValues(category),
    mode: 'onTouched',
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const isPending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);
  const [name, icon, color] = useWatch({ control: form.control, name: ['name', 'icon', 'color'] });
  const nameId = useId();

  const onError = (failedTitle: string) => (error: Error) => {
    toast.error(failedTitle, { description: error.message });
    if (error instanceof ApiError && error.code === 'CATEGORY_EXISTS') {
      form.setError('name', { message: error.message }, { shouldFocus: true });
    }
  };

  const onSubmit = form.handleSubmit((input) => {
    if (category) {
      update.mutate(
        { id: category.id, input },
        {
          onSuccess: () => {
            toast.success(CATEGORIES_MESSAGES.updated);
            onDone();
          },
          onError: onError(CATEGORIES_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast.success(CATEGORIES_MESSAGES.created);
          onDone();
        },
        onError: onError(CATEGORIES_MESSAGES.createFailed),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3" aria-hidden>
        <CategoryTile
          icon={icon || 'tag'}
          color={isColor(color) ? color : 'slate'}
          className="size-11"
        />
        <span className="min-w-0 truncate font-semibold text-slate-900">
          {name.trim() || CATEGORIES_MESSAGES.preview}
        </span>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
          {CATEGORIES_MESSAGES.nameLabel}
        </label>
        <Input
          id={nameId}
          autoComplete="off"
          placeholder={CATEGORIES_MESSAGES.namePlaceholder}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${nameId}-message`}
          {...form.register('name')}
        />
        <p id={`${nameId}-message`} className="flex justify-between gap-3 text-sm">
          <span role={errors.name ? 'alert' : undefined} className="text-red-700">
            {errors.name?.message}
          </span>
          <span
            className={
              name.trim().length > CATEGORY_NAME_MAX ? 'text-red-700' : 'text-xs text-slate-500'
            }
          >
            {nameLength(name.trim().length, CATEGORY_NAME_MAX)}
          </span>
        </p>
      </div>

      <IconPicker register={form.register('icon')} error={errors.icon?.message} />
      <ColorPicker register={form.register('color')} error={errors.color?.message} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
          {CATEGORIES_MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending
            ? CATEGORIES_MESSAGES.saving
            : category
              ? CATEGORIES_MESSAGES.save
              : CATEGORIES_MESSAGES.create}
        </Button>
      </div>
    </form>
  );
}
