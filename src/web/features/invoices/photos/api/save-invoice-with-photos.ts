import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import type { UpdateInvoiceData } from '#shared/schemas/invoice.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { storeInvoice } from '../../api/get-invoice.ts';
import { updateInvoice } from '../../api/update-invoice.ts';
import { savePhotoBatch, type BatchOutcome } from '../photo-batch.ts';
import type { PhotoEdits } from '../photo-edits.ts';
import { useImagesPerInvoice } from './images-per-invoice.ts';
import { removeInvoicePhoto, uploadInvoicePhoto } from './invoice-photos.ts';

export type InvoiceSave = { changes: UpdateInvoiceData; photos: PhotoEdits };

/**
 * 'Guardar Fatura' when photos changed (spec §4 "Photos"): the fields, each new photo, then
 * the removals. Whatever got saved is shown at once; a failure is toasted (spec §8 "Batch
 * save") and the outcome says what the form still holds.
 */
export function useSaveInvoiceWithPhotos(invoiceId: string) {
  const queryClient = useQueryClient();
  // Room for a replaced photo is made before the upload when the plan's limit needs it.
  const imagesPerInvoice = useImagesPerInvoice();
  return useMutation({
    mutationFn: ({ changes, photos }: InvoiceSave): Promise<BatchOutcome<Invoice>> =>
      savePhotoBatch(
        photos,
        {
          updateInvoice: () => updateInvoice(invoiceId, changes),
          uploadPhoto: (file) => uploadInvoicePhoto(invoiceId, file),
          removePhoto: (path) => removeInvoicePhoto(invoiceId, path),
        },
        imagesPerInvoice,
      ),
    // Never retried: the uploads already made would be made twice.
    retry: false,
    onSuccess: (outcome) => {
      if (outcome.invoice) void storeInvoice(queryClient, outcome.invoice);
      if (!outcome.isComplete) {
        void toast.error(outcome.problem.title, { description: outcome.problem.description });
      }
    },
  });
}
