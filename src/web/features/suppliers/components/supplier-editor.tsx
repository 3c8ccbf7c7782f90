import { CircleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { SupplierDto } from '#server/features/suppliers/supplier-dto.ts';
import {
  supplierFormDefaults,
  supplierToFormValues,
  type SupplierData,
} from '#shared/schemas/supplier.ts';
import { BottomSheet } from '#web/components/ui/bottom-sheet.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { toast } from '#web/lib/toast.ts';
import { useIsMobile } from '#web/lib/use-media-query.ts';
import { useSaveSupplier } from '../api/save-supplier.ts';
import { useSupplierForm } from '../hooks/use-supplier-form.ts';
import { SUPPLIER_FORM_MESSAGES, SUPPLIERS_MESSAGES } from '../messages.ts';
import { SupplierFormFields } from './supplier-form-fields.tsx';

type SupplierEditorProps = {
  /** null: a new supplier. */
  supplier: SupplierDto | null;
  categoryNames: readonly string[];
  hasSpendingLimits: boolean;
  onClose(): void;
};

/**
 * The supplier form in a dialog on desktop and a bottom sheet on a phone. Mounted per opening:
 * it starts from the supplier's stored fields (or the defaults) every time.
 */
export function SupplierEditor({
  supplier,
  categoryNames,
  hasSpendingLimits,
  onClose,
}: SupplierEditorProps) {
  const formId = useId();
  const isMobile = useIsMobile();
  const form = useSupplierForm(supplier ? supplierToFormValues(supplier) : supplierFormDefaults);
  const save = useSaveSupplier(supplier?.id ?? null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const isNew = supplier === null;
  const title = isNew ? SUPPLIER_FORM_MESSAGES.newTitle : SUPPLIER_FORM_MESSAGES.editTitle;

  const refused = (error: Error) => {
    const message = error.message || SUPPLIERS_MESSAGES.unknownError;
    // 409: the NIF is the field to change ('Já existe um fornecedor com este NIF').
    if (error instanceof ApiError && error.code === 'SUPPLIER_EXISTS') {
      form.setError('nif', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    setSaveError(message);
    void toast.error(isNew ? SUPPLIERS_MESSAGES.createFailed : SUPPLIERS_MESSAGES.updateFailed, {
      description: message,
    });
  };

  const onSubmit = form.handleSubmit((body: SupplierData) => {
    setSaveError(null);
    save.mutate(body, {
      onSuccess: () => {
        void toast.success(isNew ? SUPPLIERS_MESSAGES.created : SUPPLIERS_MESSAGES.updated);
        onClose();
      },
      onError: refused,
    });
  });

  const body = (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="mb-4 text-sm text-slate-600">{SUPPLIER_FORM_MESSAGES.intro}</p>
      <SupplierFormFields
        form={form}
        categoryNames={categoryNames}
        hasSpendingLimits={hasSpendingLimits}
      />
      {saveError ? (
        <p
          role="alert"
          className="mt-5 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {saveError}
        </p>
      ) : null}
    </form>
  );
  const buttons = (
    <div className="flex gap-2 sm:justify-end">
      <Button type="button" variant="outline" className="flex-1 sm:flex-none" onClick={onClose}>
        {SUPPLIER_FORM_MESSAGES.cancel}
      </Button>
      <Button type="submit" form={formId} className="flex-1 sm:flex-none" disabled={save.isPending}>
        {save.isPending ? SUPPLIER_FORM_MESSAGES.saving : SUPPLIER_FORM_MESSAGES.save}
      </Button>
    </div>
  );

  if (isMobile) {
    return (
      <BottomSheet
        open
        onRequestClose={onClose}
        title={title}
        description={supplier?.name}
        footer={buttons}
      >
        {body}
      </BottomSheet>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <EditorDialogContent title={title} footer={buttons}>
        {body}
      </EditorDialogContent>
    </Dialog>
  );
}

/** The desktop dialog, wider than the default, its buttons kept in view below the fields. */
function EditorDialogContent({
  title,
  footer,
  children,
}: {
  title: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogContent title={title} className="sm:max-w-2xl">
      {children}
      <div className="sticky -bottom-7 z-10 -mx-7 mt-6 -mb-7 border-t border-slate-200 bg-white px-7 py-4">
        {footer}
      </div>
    </DialogContent>
  );
}
