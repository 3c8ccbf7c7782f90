// GET /api/exports/invoices.{xlsx,csv} (and one supplier's /suppliers/:nif/invoices.…): the
// file is read as it streams, so the page can show how far it has come, then handed to the
// browser as a download under the name the server gave it.
import type { PaymentStatus } from '#shared/domain.ts';
import type { InvoicePeriod } from '#shared/invoice-period.ts';
import { api } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { fileNameOf } from '../export-progress.ts';
import { EXPORT_MESSAGES } from '../messages.ts';

export type ExportFormat = 'xlsx' | 'csv';

/** The list's filters, as the dashboard holds them (or one supplier's page). */
export type ExportFilters = {
  period: InvoicePeriod;
  statuses: PaymentStatus[];
  search: string;
  isUrgent?: boolean;
  /** One supplier's invoices: its page's export. */
  supplierNif?: string;
};

export type ExportProgress = { count: number; received: number };

export type DownloadedExport = { blob: Blob; fileName: string; count: number };

const exportsApi = api.api.exports;

function queryOf(filters: ExportFilters) {
  const search = filters.search.trim();
  return {
    period: filters.period,
    ...(filters.statuses.length > 0 ? { status: filters.statuses.join(',') } : {}),
    ...(search ? { search } : {}),
    ...(filters.isUrgent ? { urgent: 'true' as const } : {}),
  };
}

function request(format: ExportFormat, filters: ExportFilters, signal: AbortSignal) {
  const options = { init: { signal } };
  const query = queryOf(filters);
  const nif = filters.supplierNif;
  if (nif) {
    const supplier = exportsApi.suppliers[':nif'];
    return format === 'xlsx'
      ? supplier['invoices.xlsx'].$get({ param: { nif }, query }, options)
      : supplier['invoices.csv'].$get({ param: { nif }, query }, options);
  }
  return format === 'xlsx'
    ? exportsApi['invoices.xlsx'].$get({ query }, options)
    : exportsApi['invoices.csv'].$get({ query }, options);
}

async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error =
    typeof body === 'object' && body !== null && 'error' in body ? (body.error as unknown) : null;
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : EXPORT_MESSAGES.failed;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'UNKNOWN';
  return new ApiError(response.status, code, message);
}

/** Downloads the whole file, reporting each chunk; throws an ApiError with a pt-PT message. */
export async function downloadExport(
  format: ExportFormat,
  filters: ExportFilters,
  options: { signal: AbortSignal; onProgress(progress: ExportProgress): void },
): Promise<DownloadedExport> {
  let response: Response;
  try {
    response = await request(format, filters, options.signal);
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', EXPORT_MESSAGES.interrupted);
  }
  if (!response.ok || !response.body) throw await refusal(response);
  const count = Number(response.headers.get('X-Export-Count') ?? 0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  options.onProgress({ count, received });
  const reader = response.body.getReader();
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      chunks.push(chunk.value);
      received += chunk.value.byteLength;
      options.onProgress({ count, received });
    }
  } catch (error) {
    // The server cuts the response off when the export fails mid-way.
    if (options.signal.aborted) throw error;
    throw new ApiError(0, 'EXPORT_INTERRUPTED', EXPORT_MESSAGES.interrupted);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), `faturas.${format}`),
    count,
  };
}

/** Hands a file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
