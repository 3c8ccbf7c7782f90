import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { todayInLisbon } from '#shared/dates.ts';
import { PAYMENT_METHODS, type PaymentStatus } from '#shared/domain.ts';
import { isPaymentMethodEnabled } from '#shared/invoice-status.ts';
import { MIN_INVOICE_DATE } from '#shared/schemas/invoice.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { SHEET_LABELS } from '../../messages.ts';
import { EditImagesBlock } from '../../photos/components/edit-images-block.tsx';
import { usePhotoEdits } from '../../photos/hooks/use-photo-edits.ts';
import { hasPhotoChanges, type PhotoEdits } from '../../photos/photo-edits.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { EditSummary, RecipientBlock } from './edit-summary.tsx';
import {
  hasEditChanges,
  invoiceEditSchema,
  overdueDays,
  pastDueText,
  toEditValues,
  type InvoiceEditData,
  type InvoiceEditValues,
} from './sheet-values.ts';

// Paga first: marking an invoice paid is the most common edit.
const EDIT_STATUSES = ['Paga', 'Pendente', 'Vencida'] as const satisfies readonly PaymentStatus[];
const STATUS_OPTIONS = EDIT_STATUSES.map((status) => ({
  value: status,
  label: status,
}));
const METHOD_OPTIONS = [
  { value: '', label: SHEET_LABELS.noMethod },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: method })),
];

/** Lets the sheet ask, at the moment someone leaves, whether anything would be lost. */
export type InvoiceEditHandle = { hasChanges: () => boolean };

type InvoiceEditFormProps = {
  /** The footer's 'Guardar Fatura' submits this form through the `form` attribute. */
  formId: string;
  invoice: Invoice;
  /**
   * With the form's photos; after a partial save, `keepPhotos` hands the form what is still
   * unsaved (spec §8 "Batch save").
   */
  onSave: (
    data: InvoiceEditData,
    photos: PhotoEdits,
    keepPhotos: (remaining: PhotoEdits) => void,
  ) => void;
  ref: Ref<InvoiceEditHandle>;
};

/**
 * The sheet's edit mode (spec §2, §5), validated by the API's own schema. Saving sets paid
 * only for Paga; the method select is enabled only for Paga.
 */
export function InvoiceEditForm({ formId, invoice, onSave, ref }: InvoiceEditFormProps) {
  // What the form started from; a refetch of the invoice meanwhile does not move it.
  const [initial] = useState(() => toEditValues(invoice));
  const form = useForm<InvoiceEditValues, unknown, InvoiceEditData>({
    resolver: zodResolver(invoiceEditSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { register, formState, control, setFocus, getValues } = form;
  const { errors } = formState;
  const photos = usePhotoEdits(invoice.imagePaths);
  // Read from the live values, not from rendered state: an Escape pressed right after a
  // keystroke must already count that keystroke. Unsaved photos are unsaved changes too.
  useImperativeHandle(
    ref,
    () => ({
      hasChanges: () => hasEditChanges(getValues(), initial) || hasPhotoChanges(photos.edits),
    }),
    [getValues, initial, photos.edits],
  );
  // Keyboard and screen-reader users land in the form they just opened.
  useEffect(() => setFocus('dueDate'), [setFocus]);

  const [dueDate, paymentStatus] = useWatch({ control, name: ['dueDate', 'paymentStatus'] });
  const isMethodEnabled = isPaymentMethodEnabled(paymentStatus);
  const overdue = overdueDays({ dueDate, paymentStatus }, todayInLisbon());

  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit((data) => onSave(data, photos.edits, photos.replace))}
      noValidate
      className="flex flex-col gap-4"
    >
      <EditSummary invoice={invoice} />
      {overdue !== null ? (
        <p className="flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {pastDueText(overdue)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={SHEET_LABELS.dueDate}
          isRequired
          type="date"
          min={MIN_INVOICE_DATE}
          error={errors.dueDate?.message}
          {...register('dueDate')}
        />
        <SelectField
          label={SHEET_LABELS.paymentStatus}
          options={STATUS_OPTIONS}
          error={errors.paymentStatus?.message}
          {...register('paymentStatus')}
        />
        <SelectField
          label={SHEET_LABELS.paymentMethod}
          options={METHOD_OPTIONS}
          disabled={!isMethodEnabled}
          hint={isMethodEnabled ? undefined : SHEET_LABELS.methodOnlyWhenPaid}
          error={errors.paymentMethod?.message}
          {...register('paymentMethod', { setValueAs: (value) => (value === '' ? null : value) })}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label={SHEET_LABELS.notes}
            maxLength={2000}
            rows={4}
            error={errors.notes?.message}
            {...register('notes')}
          />
        </div>
      </div>
      <RecipientBlock invoice={invoice} />
      <EditImagesBlock edits={photos.edits} onAdd={photos.add} onRemove={photos.remove} />
    </form>
  );
}
