import type { InferResponseType } from 'hono/client';
import { api, createApiFetch } from '#web/lib/api-client.ts';
import { ApiError, callApi } from '#web/lib/call-api.ts';
import { SCAN_MESSAGES } from '../messages.ts';
import { createProgressFetch, type UploadProgress } from './progress-fetch.ts';

const $post = api.api.scan.$post;
/** The server's reading (contract 6) plus the id of the stored document. */
export type ScanAnswer = InferResponseType<typeof $post, 200>;

export type ScanDocumentOptions = { onProgress: UploadProgress; signal: AbortSignal };

/** Thrown instead of an ApiError when the person cancelled the upload. */
export class ScanCancelledError extends Error {
  constructor() {
    super('scan cancelled');
    this.name = 'ScanCancelledError';
  }
}

/**
 * `POST /api/scan` (multipart field `file`): the server checks the file, reads the QR, the
 * PDF text or the text by OCR, and keeps the document for the invoice's first photo.
 * A refusal is an ApiError with the server's pt-PT message.
 */
export async function scanDocument(file: File, options: ScanDocumentOptions): Promise<ScanAnswer> {
  const body = new FormData();
  body.append('file', file);
  try {
    return await callApi(
      () =>
        $post(undefined, {
          fetch: createApiFetch(createProgressFetch(options.onProgress)),
          init: { body, signal: options.signal },
        }),
      SCAN_MESSAGES.uploadFailed,
    );
  } catch (error) {
    if (options.signal.aborted) throw new ScanCancelledError();
    throw error instanceof ApiError
      ? error
      : new ApiError(0, 'UNKNOWN', SCAN_MESSAGES.uploadFailed);
  }
}
