// The downloaded file's name, in pt-PT and plain ASCII (every browser and file system keeps it
// as it is): `faturas-2026-11.xlsx` for this month, `faturas-2026-11-25.csv` for every period,
// `faturas-padaria-central-2026-11-25.xlsx` for one supplier.
import type { CalendarDate } from '#shared/dates.ts';
import type { InvoicePeriod } from '#shared/invoice-period.ts';
import { foldForSearch } from '#shared/invoice-search.ts';
import type { ExportFormat } from './export-writer.ts';
import { FILE_NAME_PARTS } from './exports.messages.ts';

export type ExportFileNameParams = {
  format: ExportFormat;
  period: InvoicePeriod;
  today: CalendarDate;
  isUrgent?: boolean;
  /** One supplier's export: its name (or NIF). */
  supplier?: string;
};

const MAX_SLUG = 40;

/** 'Padaria Central, Lda.' → 'padaria-central-lda'. */
export function slugOf(text: string): string {
  return foldForSearch(text)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

export function exportFileName(params: ExportFileNameParams): string {
  const { period, today } = params;
  const parts: string[] = [FILE_NAME_PARTS.prefix];
  const supplier = params.supplier === undefined ? '' : slugOf(params.supplier);
  if (supplier !== '') parts.push(supplier);
  if (period === 'last30days') parts.push(FILE_NAME_PARTS.last30days);
  if (period === 'previousMonths') parts.push(FILE_NAME_PARTS.previousMonths);
  if (params.isUrgent) parts.push(FILE_NAME_PARTS.urgent);
  // This month's file is named after the month; any other after the day it was taken.
  parts.push(period === 'thisMonth' ? today.slice(0, 7) : today);
  return `${parts.join('-')}.${params.format}`;
}

/** `attachment` with the name twice: plain for old clients, RFC 5987 for the rest. */
export function attachmentHeader(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
