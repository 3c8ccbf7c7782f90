// The custom-category form and API body (spec invoice-work §5 "Custom category"): name 1 to 50
// characters, an icon of the allowed set, one of the ten colours. Messages word for word.
import { z } from 'zod';
import { CUSTOM_CATEGORY_ICONS } from '#shared/categories.ts';
import { CATEGORY_COLORS } from '#shared/domain.ts';
import { singleLineText } from './text.ts';

export const CATEGORY_MESSAGES = {
  nameRequired: 'Nome da categoria é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 50 caracteres',
  iconRequired: 'Ícone é obrigatório',
  colorRequired: 'Cor é obrigatória',
} as const;

export const CATEGORY_NAME_MAX = 50;

export const categoryInputSchema = z.object({
  name: singleLineText({ error: CATEGORY_MESSAGES.nameRequired })
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong),
  // A missing, empty or unknown icon or colour is "not chosen": one message each.
  icon: z.enum(CUSTOM_CATEGORY_ICONS, { error: CATEGORY_MESSAGES.iconRequired }),
  color: z.enum(CATEGORY_COLORS, { error: CATEGORY_MESSAGES.colorRequired }),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;
/** What the form edits: text, with '' for an icon or colour not chosen yet. */
export const categoryFormSchema = z
  .object({ name: z.string(), icon: z.string(), color: z.string() })
  .pipe(categoryInputSchema);
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

export const emptyCategoryForm: CategoryFormValues = { name: '', icon: '', color: '' };
