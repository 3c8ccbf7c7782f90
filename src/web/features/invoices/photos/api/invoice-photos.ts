import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';

const photos = api.api.invoices[':id'].photos;

/**
 * `POST /api/invoices/:id/photos` (multipart field `file`) → 201 `{ imagePaths }`, the
 * invoice's photos after the new one. Refusals carry the server's message: 'Por favor,
 * selecione apenas imagens', 'A imagem deve ter menos de 10MB', 'Máximo n fotografias por fatura'.
 */
export async function uploadInvoicePhoto(invoiceId: string, file: File): Promise<string[]> {
  const body = new FormData();
  body.append('file', file);
  // The route reads the multipart body itself (no validator), so it goes in as the request body.
  const { imagePaths } = await callApi(
    // Keyed by the file: a retry of this upload is answered once, never a second photo.
    () =>
      photos.$post(
        { param: { id: invoiceId } },
        { init: { body }, headers: idempotencyHeaders(file) },
      ),
    PHOTO_MESSAGES.uploadFailed,
  );
  return imagePaths;
}

/** `DELETE /api/invoices/:id/photos?path=` → 200 `{ imagePaths }`; the file and thumbnail go. */
export async function removeInvoicePhoto(invoiceId: string, path: string): Promise<string[]> {
  const { imagePaths } = await callApi(
    () => photos.$delete({ param: { id: invoiceId }, query: { path } }),
    PHOTO_MESSAGES.deleteFailed,
  );
  return imagePaths;
}

/**
 * The card's quick add (spec §2 "Photo buttons"): appended at once, not an edit session.
 * Says how it went: 'Imagem guardada com segurança' or 'Erro ao guardar a imagem'.
 */
export function useAddInvoicePhoto(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadInvoicePhoto(invoiceId, file),
    // Never retried: a second POST after a lost answer would add the photo twice.
    retry: false,
    onSuccess: () => {
      void toast.success(PHOTO_MESSAGES.stored);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    onError: (error) =>
      void toast.error(PHOTO_MESSAGES.storeFailed, { description: error.message }),
  });
}
