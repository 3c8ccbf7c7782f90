// The e-Fatura import's upload (issue 17 point 3): the buyer CSV the AT portal exports, sent
// as the multipart field `file` to POST /api/efatura-import/preview and again, unchanged, to
// /commit — the server reads the file itself both times and never takes a list of invoices
// from the client. Used by the import page (its checks before sending) and the API alike.
import { z } from 'zod';

/**
 * A row of the portal's CSV is about 200 bytes, so the byte cap holds the row cap with room to
 * spare; the row cap keeps one preview (its answer lists every row) and one commit (one create
 * transaction per row) within a request's time.
 */
export const MAX_EFATURA_BYTES = 4 * 1024 * 1024;
export const MAX_EFATURA_ROWS = 10_000;

export const EFATURA_UPLOAD_MESSAGES = {
  fileRequired: 'Escolha o ficheiro CSV exportado do e-Fatura.',
  tooLarge: `O ficheiro é demasiado grande (máximo ${MAX_EFATURA_BYTES / (1024 * 1024)} MB).`,
  empty: 'O ficheiro está vazio.',
  markPaid: 'Opção de pagamento inválida.',
} as const;

export const efaturaUploadSchema = z.object({
  file: z
    .instanceof(File, { error: EFATURA_UPLOAD_MESSAGES.fileRequired })
    .refine((file) => file.size > 0, { error: EFATURA_UPLOAD_MESSAGES.empty, abort: true })
    .refine((file) => file.size <= MAX_EFATURA_BYTES, EFATURA_UPLOAD_MESSAGES.tooLarge),
  // Invoices and debit and credit notes are saved paid too (receipts always are).
  markPaid: z
    .enum(['true', 'false'], { error: EFATURA_UPLOAD_MESSAGES.markPaid })
    .optional()
    .transform((value) => value === 'true'),
});
export type EfaturaUploadInput = z.input<typeof efaturaUploadSchema>;
