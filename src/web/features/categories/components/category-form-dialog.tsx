import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import type { CustomCategory } from '../api/get-categories.ts';
import { CATEGORIES_MESSAGES } from '../messages.ts';
import { CategoryForm } from './category-form.tsx';

/** What the form dialog shows: closed, a new category, or the category being edited. */
export type FormTarget =
  { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; category: CustomCategory };

type CategoryFormDialogProps = { target: FormTarget; onClose: () => void };

/** The create/edit form over the page; full screen on a phone, a card from `sm` up. */
export function CategoryFormDialog({ target, onClose }: CategoryFormDialogProps) {
  const category = target.kind === 'edit' ? target.category : null;
  return (
    <Dialog open={target.kind !== 'closed'} onOpenChange={(open) => (open ? null : onClose())}>
      {target.kind === 'closed' ? null : (
        <DialogContent
          title={category ? CATEGORIES_MESSAGES.editCategory : CATEGORIES_MESSAGES.newCategory}
        >
          {/* Keyed, so a new target starts from its own values. */}
          <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
