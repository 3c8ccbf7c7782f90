// The CSV as Portuguese Excel opens it with a double click: UTF-8 with a BOM (without one Excel
// reads the bytes as Windows-1252 and 'Março' turns into 'MarÃ§o'), `;` between fields (the
// list separator of a pt-PT Windows, where `,` is the decimal mark), amounts with a decimal
// comma and no grouping, dates as dd/mm/yyyy, CRLF line ends, and a field quoted ("…", inner
// quotes doubled) only when it holds a separator, a quote or a line break.
import type { Writable } from 'node:stream';
import type { CalendarDate } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { headingOf, INVOICE_COLUMNS, type ExportColumn, type ExportRow } from './export-rows.ts';
import type { ExportWriter } from './export-writer.ts';

export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
const BOM = '\uFEFF';

const NEEDS_QUOTES = /[;"\r\n]/;
/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * text fields get a leading apostrophe, which Excel and LibreOffice show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** 'YYYY-MM-DD' → 'dd/mm/yyyy'. */
export function csvDate(date: CalendarDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function csvCell(row: ExportRow, column: ExportColumn): string {
  const value = row[column.key];
  switch (column.kind) {
    case 'date':
      return csvDate(String(value));
    case 'money':
      return centsToDecimalString(Number(value), ',');
    case 'text':
      return csvText(String(value));
  }
}

export function csvLine(row: ExportRow): string {
  return INVOICE_COLUMNS.map((column) => csvCell(row, column)).join(CSV_SEPARATOR) + CSV_LINE_END;
}

export function csvHeader(): string {
  return BOM + INVOICE_COLUMNS.map((c) => csvText(headingOf(c))).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** The rows only, no totals line: a CSV is read back as data, and a total would count twice. */
export function createCsvWriter(output: Writable): ExportWriter {
  output.write(csvHeader());
  return {
    writeRows(rows) {
      if (rows.length > 0) output.write(rows.map(csvLine).join(''));
    },
    async finish() {
      await new Promise<void>((resolve) => output.end(resolve));
    },
  };
}
