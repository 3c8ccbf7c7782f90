// The export pipeline: list pages → rows (with their supplier's name and category) → the
// format's writer → a Node PassThrough → a pull-based web stream → the HTTP response.
//
// Memory stays bounded by backpressure at both ends: the web stream asks the PassThrough for a
// chunk only when the response has sent the previous one, and the producer waits for the
// PassThrough to drain before reading the next page. A client that goes away cancels the web
// stream, which destroys the PassThrough; the producer sees that and stops reading. A failure
// mid-way destroys the PassThrough with the error, so the response is cut off (the browser's
// download fails) rather than ended as if complete: a truncated CSV would look whole.
import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { Database } from '#server/db/client.ts';
import { drained, pullFrom } from '#server/http/pull-stream.ts';
import type { Logger } from '#server/logger.ts';
import { ExportTotals, toExportRow, type SupplierInfo } from './export-rows.ts';
import type { ExportFormat, ExportWriter } from './export-writer.ts';
import { createCsvWriter, type CsvDialect } from './csv-writer.ts';
import { createXlsxWriter } from './xlsx-writer.ts';
import { getSupplierInfo, listExportInvoices, type ExportFilters } from './exports.queries.ts';

const CHUNK_BYTES = 64 * 1024;

export type StreamExportParams = {
  db: Database;
  logger: Logger;
  format: ExportFormat;
  filters: ExportFilters;
  /** The CSV's dialect: the exports' Portuguese Excel one unless given (the feed's, ADR 022). */
  csvDialect?: CsvDialect;
};

function createWriter(
  format: ExportFormat,
  output: PassThrough,
  csvDialect?: CsvDialect,
): ExportWriter {
  return format === 'xlsx' ? createXlsxWriter(output) : createCsvWriter(output, csvDialect);
}

/** The export as a byte stream; the rows are read as the client takes them. */
export function streamExport({ db, logger, format, filters, csvDialect }: StreamExportParams) {
  const output = new PassThrough({ highWaterMark: CHUNK_BYTES });
  // The pull's iterator reports errors; this keeps one that comes before any pull from being
  // an unhandled 'error' event.
  output.on('error', () => undefined);
  const writer = createWriter(format, output, csvDialect);
  const totals = new ExportTotals();
  // NIF → the saved supplier (null: none). One entry per supplier, so it stays small.
  const known = new Map<string, SupplierInfo | null>();

  async function supplierOf(nifs: Array<string | null>) {
    const missing = [...new Set(nifs)].filter(
      (nif): nif is string => nif !== null && nif !== '' && !known.has(nif),
    );
    if (missing.length === 0) return;
    const found = await getSupplierInfo(db, { accountId: filters.accountId, nifs: missing });
    for (const nif of missing) known.set(nif, found.get(nif) ?? null);
  }

  async function produce() {
    for await (const page of listExportInvoices(db, filters)) {
      if (output.destroyed) return;
      await supplierOf(page.map((invoice) => invoice.supplierNif));
      writer.writeRows(
        page.map((invoice) => {
          const supplier = (invoice.supplierNif && known.get(invoice.supplierNif)) || undefined;
          const row = toExportRow(invoice, supplier, filters.today);
          totals.add(row, supplier);
          return row;
        }),
      );
      await drained(output);
      // A page then a turn of the event loop: with PGlite a query runs on this thread and
      // resolves without one, so the export would hold the server (every other request, and
      // the socket it writes to) until its last page.
      await setImmediate();
    }
    if (!output.destroyed) await writer.finish(totals);
  }

  // Started on the next turn of the event loop, so the headers (and the count the page's
  // progress needs) leave before the first page is read.
  setImmediate()
    .then(produce)
    .catch((err: unknown) => {
      logger.error({ err, format }, 'export failed mid-stream');
      output.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return pullFrom(output);
}
