import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDeleteSupplier } from '../api/delete-supplier.ts';
import { SUPPLIERS_MESSAGES } from '../messages.ts';

type DeleteSupplierDialogProps = {
  supplier: { id: string; name: string };
  onClose(): void;
};

/** Asks before deleting; closing it (Escape, X, outside, Cancelar) keeps the supplier. */
export function DeleteSupplierDialog({ supplier, onClose }: DeleteSupplierDialogProps) {
  const remove = useDeleteSupplier();
  const confirm = () =>
    remove.mutate(supplier.id, {
      onSuccess: () => {
        void toast.success(SUPPLIERS_MESSAGES.deleted);
        onClose();
      },
      onError: (error) =>
        void toast.error(SUPPLIERS_MESSAGES.deleteFailed, { description: error.message }),
    });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={SUPPLIERS_MESSAGES.deleteTitle}
        description={SUPPLIERS_MESSAGES.deleteQuestion(supplier.name)}
        className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {SUPPLIERS_MESSAGES.cancel}
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={remove.isPending}
            onClick={confirm}
          >
            {remove.isPending ? SUPPLIERS_MESSAGES.deleting : SUPPLIERS_MESSAGES.delete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
