// Invoice photos (spec invoice-work §5 "Images, capture tab", §6, §9): the limits and pt-PT
// messages the server enforces and the web checks before uploading, and the request schemas
// of /api/invoices/:id/photos and POST /api/files/sign.
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '#shared/upload-check.ts';
import { singleLineText } from './text.ts';

/** 10 MB, the capture flow's cap (spec §9). */
export const MAX_INVOICE_PHOTO_BYTES = MAX_UPLOAD_BYTES;
/** How many files one POST /api/files/sign may ask for. */
export const MAX_SIGNED_PATHS = 20;

export const INVOICE_PHOTO_MESSAGES = {
  invalidType: 'Por favor, selecione apenas imagens',
  tooLarge: 'A imagem deve ter menos de 10MB',
  notFound: 'Fotografia não encontrada',
  pathRequired: 'Indique o ficheiro',
  pathsRequired: 'Indique pelo menos um ficheiro',
  tooManyPaths: `Peça no máximo ${MAX_SIGNED_PATHS} ficheiros de cada vez`,
} as const;

/** 403 PHOTO_LIMIT, with the plan's images per invoice (1 free, 5 professional, 10 otherwise). */
export function photoLimitMessage(limit: number): string {
  return `Máximo ${limit} fotografias por fatura`;
}

// A path the server handed out: compared as is, never trimmed or normalised.
const storagePath = singleLineText({
  error: INVOICE_PHOTO_MESSAGES.pathRequired,
  trim: false,
  normalize: false,
})
  .min(1, INVOICE_PHOTO_MESSAGES.pathRequired)
  .max(512, INVOICE_PHOTO_MESSAGES.pathRequired);

/** DELETE /api/invoices/:id/photos?path=<storage path> */
export const removeInvoicePhotoQuerySchema = z.object({ path: storagePath });

/** POST /api/files/sign */
export const signFilesSchema = z.object({
  paths: z
    .array(storagePath)
    .min(1, INVOICE_PHOTO_MESSAGES.pathsRequired)
    .max(MAX_SIGNED_PATHS, INVOICE_PHOTO_MESSAGES.tooManyPaths),
});
export type SignFilesInput = z.input<typeof signFilesSchema>;
