import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useDeleteCategory } from '../api/delete-category.ts';
import type { CustomCategory } from '../api/get-categories.ts';
import { CATEGORIES_MESSAGES, deleteQuestion } from '../messages.ts';

type DeleteCategoryDialogProps = { category: CustomCategory | null; onClose: () => void };

/**
 * Asks before deleting; closing it (Escape, X, outside, Cancelar) is the safe answer. A small
 * card on phones too, not a full screen.
 */
export function DeleteCategoryDialog({ category, onClose }: DeleteCategoryDialogProps) {
  const remove = useDeleteCategory();
  const confirm = () => {
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        toast.success(CATEGORIES_MESSAGES.deleted);
        onClose();
      },
      onError: (error) =>
        toast.error(CATEGORIES_MESSAGES.deleteFailed, { description: error.message }),
    });
  };
  return (
    <Dialog open={category !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {category ? (
        <DialogContent
          title={CATEGORIES_MESSAGES.deleteTitle}
          description={deleteQuestion(category.name)}
          className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {CATEGORIES_MESSAGES.cancel}
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              disabled={remove.isPending}
              onClick={confirm}
            >
              {remove.isPending ? CATEGORIES_MESSAGES.deleting : CATEGORIES_MESSAGES.delete}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
