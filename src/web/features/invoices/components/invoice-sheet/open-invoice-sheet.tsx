import { Pencil, Trash2 } from 'lucide-react';
import { useBlocker } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { BottomSheet } from '#web/components/ui/bottom-sheet.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useCan } from '#web/lib/use-can.ts';
import { useDeleteInvoice } from '../../api/delete-invoice.ts';
import { useInvoice } from '../../api/get-invoice.ts';
import { useUpdateInvoice } from '../../api/update-invoice.ts';
import { INVOICE_SHEET_MESSAGES } from '../../messages.ts';
import { useSaveInvoiceWithPhotos } from '../../photos/api/save-invoice-with-photos.ts';
import { hasPhotoChanges, type PhotoEdits } from '../../photos/photo-edits.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InvoiceEditForm, type InvoiceEditHandle } from './invoice-edit-form.tsx';
import { InvoiceView } from './invoice-view.tsx';
import { InvoiceSheetError, InvoiceSheetSkeleton } from './sheet-states.tsx';
import type { InvoiceEditData } from './sheet-values.ts';

type SheetMode = 'view' | 'edit';

type OpenInvoiceSheetProps = { invoiceId: string; isOpen: boolean; onClose: () => void };

/** One opening of the sheet: its mode (spec §4 "Sheet mode"), data and dialogs. */
export function OpenInvoiceSheet({ invoiceId, isOpen, onClose }: OpenInvoiceSheetProps) {
  const query = useInvoice(invoiceId, isOpen);
  const update = useUpdateInvoice(invoiceId);
  const saveWithPhotos = useSaveInvoiceWithPhotos(invoiceId);
  const isSaving = update.isPending || saveWithPhotos.isPending;
  const remove = useDeleteInvoice(invoiceId);
  // Whoever acts may not edit or delete (spec accounts §6, e.g. a Utilizador): not offered.
  const rights = useCan();
  const canEdit = rights.can('invoices.edit');
  const canDelete = rights.can('invoices.delete');
  const formId = useId();
  const [mode, setMode] = useState<SheetMode>('view');
  const editForm = useRef<InvoiceEditHandle>(null);
  // Where the person was going when asked about unsaved changes.
  const [pendingExit, setPendingExit] = useState<SheetMode | 'closed' | null>(null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // Set while leaving on purpose ('Sair sem Guardar', a save), so that navigation is not held.
  const isLeaving = useRef(false);
  // Back (browser button, phone gesture) or any other navigation with unsaved edits asks the same
  // question as 'Cancelar' (issue 13 point 6); without edits it goes through and just closes.
  const blocker = useBlocker({
    shouldBlockFn: () =>
      !isLeaving.current && mode === 'edit' && (editForm.current?.hasChanges() ?? false),
    disabled: mode !== 'edit',
    enableBeforeUnload: false,
    withResolver: true,
  });
  const isNavigationHeld = blocker.status === 'blocked';
  const invoice = query.data;
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;

  function leave(to: SheetMode | 'closed') {
    setPendingExit(null);
    if (to === 'closed') {
      isLeaving.current = true;
      onClose();
    } else setMode(to);
  }

  /** Leaving the edit mode, by cancelling or by closing, asks first when something changed. */
  function requestExit(to: SheetMode | 'closed') {
    if (mode === 'edit' && editForm.current?.hasChanges()) setPendingExit(to);
    else leave(to);
  }

  function save(
    data: InvoiceEditData,
    photos: PhotoEdits,
    keepPhotos: (remaining: PhotoEdits) => void,
  ) {
    if (!hasPhotoChanges(photos)) {
      update.mutate(data, { onSuccess: () => leave('view') });
      return;
    }
    // Spec §4 "Photos": the fields, then the new photos, then the removals.
    saveWithPhotos.mutate(
      { changes: data, photos },
      {
        onSuccess: (outcome) => {
          if (outcome.isComplete) leave('view');
          else keepPhotos(outcome.remaining);
        },
      },
    );
  }

  const title = invoice
    ? INVOICE_SHEET_MESSAGES.invoiceTitle(invoice.number)
    : query.isError
      ? isNotFound
        ? INVOICE_SHEET_MESSAGES.notFoundTitle
        : INVOICE_SHEET_MESSAGES.loadFailed
      : INVOICE_SHEET_MESSAGES.loading;

  const footer = !invoice ? (
    <Button variant="outline" className="w-full" onClick={onClose}>
      {INVOICE_SHEET_MESSAGES.close}
    </Button>
  ) : mode === 'view' ? (
    <div className="flex gap-2">
      <Button variant="outline" className="flex-1" onClick={onClose}>
        {INVOICE_SHEET_MESSAGES.close}
      </Button>
      {canDelete ? (
        <Button
          variant="outline"
          className="border-red-300 text-red-700 hover:bg-red-50"
          onClick={() => setIsDeleteOpen(true)}
        >
          <Trash2 aria-hidden />
          {INVOICE_SHEET_MESSAGES.delete}
        </Button>
      ) : null}
    </div>
  ) : (
    <div className="flex gap-2">
      <Button variant="outline" className="flex-1" onClick={() => requestExit('view')}>
        {INVOICE_SHEET_MESSAGES.cancel}
      </Button>
      <Button type="submit" form={formId} className="flex-1" disabled={isSaving}>
        {isSaving ? INVOICE_SHEET_MESSAGES.saving : INVOICE_SHEET_MESSAGES.save}
      </Button>
    </div>
  );

  return (
    <BottomSheet
      open={isOpen}
      onRequestClose={() => requestExit('closed')}
      title={title}
      description={invoice?.supplierName}
      actions={
        invoice && mode === 'view' && canEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              isLeaving.current = false;
              setMode('edit');
            }}
          >
            <Pencil aria-hidden />
            {INVOICE_SHEET_MESSAGES.edit}
          </Button>
        ) : null
      }
      footer={footer}
    >
      {invoice ? (
        mode === 'view' ? (
          <InvoiceView invoice={invoice} />
        ) : (
          <InvoiceEditForm formId={formId} invoice={invoice} onSave={save} ref={editForm} />
        )
      ) : query.isError ? (
        <InvoiceSheetError
          isNotFound={isNotFound}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <InvoiceSheetSkeleton />
      )}
      <ConfirmDialog
        open={isDeleteOpen}
        onOpenChange={setIsDeleteOpen}
        title={INVOICE_SHEET_MESSAGES.deleteTitle}
        description={INVOICE_SHEET_MESSAGES.deleteQuestion(invoice?.number ?? '')}
        cancelLabel={INVOICE_SHEET_MESSAGES.cancel}
        confirmLabel={
          remove.isPending ? INVOICE_SHEET_MESSAGES.deleting : INVOICE_SHEET_MESSAGES.delete
        }
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsDeleteOpen(false);
              onClose();
            },
          })
        }
      />
      <ConfirmDialog
        open={pendingExit !== null || isNavigationHeld}
        onOpenChange={(open) => {
          if (open) return;
          setPendingExit(null);
          // 'Continuar Editando' after Back: stay on the sheet, in the edit mode.
          if (blocker.status === 'blocked') blocker.reset();
        }}
        title={INVOICE_SHEET_MESSAGES.unsavedTitle}
        description={INVOICE_SHEET_MESSAGES.unsavedQuestion}
        cancelLabel={INVOICE_SHEET_MESSAGES.keepEditing}
        confirmLabel={INVOICE_SHEET_MESSAGES.leaveWithoutSaving}
        onConfirm={() => {
          if (blocker.status === 'blocked') {
            isLeaving.current = true;
            blocker.proceed();
          } else if (pendingExit) leave(pendingExit);
        }}
      />
    </BottomSheet>
  );
}
