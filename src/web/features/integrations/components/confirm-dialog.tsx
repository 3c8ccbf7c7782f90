import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** Rotate and revoke both break the spreadsheets that use the address: asked first. */
export function ConfirmDialog({
  isOpen,
  title,
  question,
  confirmLabel,
  isPending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={title}
        description={question}
        className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {INTEGRATIONS_MESSAGES.cancel}
          </Button>
          <Button className="bg-red-700 hover:bg-red-800" disabled={isPending} onClick={onConfirm}>
            {isPending ? INTEGRATIONS_MESSAGES.working : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
