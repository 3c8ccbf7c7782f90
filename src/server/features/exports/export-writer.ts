// What the export pipeline asks of a file format (csv-writer.ts, xlsx-writer.ts).
import type { ExportRow, ExportTotals } from './export-rows.ts';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const satisfies Record<ExportFormat, string>;

export type ExportWriter = {
  /** One batch of rows, written into the output (the caller waits for it to drain). */
  writeRows(rows: readonly ExportRow[]): void;
  /** After the last batch: whatever comes at the end (totals, the zip directory), then end. */
  finish(totals: ExportTotals): Promise<void>;
};
