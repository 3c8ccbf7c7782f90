// The CSV as Portuguese Excel opens it with a double click: UTF-8 with a BOM (without one Excel
// reads the bytes as Windows-1252 and 'Março' turns into 'MarÃ§o'), `;` between fields (the
// list separator of a pt-PT Windows, where `,` is the decimal mark), amounts with a decimal
// comma and no grouping, dates as dd/mm/yyyy, CRLF line ends, and a field quoted ("…", inner
// quotes doubled) only when it holds a separator, a quote or a line break.
//
// The spreadsheet feed (features/integrations, ADR 022) writes the same rows in a second
// dialect for Google Sheets' IMPORTDATA, which reads only comma-separated values: `,` between
// fields, a decimal point, ISO dates (read as dates whatever the sheet's locale) and no BOM.
import type { Writable } from 'node:stream';
import type { CalendarDate } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { headingOf, INVOICE_COLUMNS, type ExportColumn, type ExportRow } from './export-rows.ts';
import type { ExportWriter } from './export-writer.ts';

export type CsvDialect = {
  separator: ';' | ',';
  decimalMark: ',' | '.';
  date: (date: CalendarDate) => string;
  hasBom: boolean;
};

export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * text fields get a leading apostrophe, which Excel and LibreOffice show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = { ';': /[;"\r\n]/, ',': /[,"\r\n]/ } as const;

/** 'YYYY-MM-DD' → 'dd/mm/yyyy'. */
export function csvDate(date: CalendarDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The exports' CSV: what Portuguese Excel opens with a double click. */
export const PORTUGUESE_EXCEL_CSV: CsvDialect = {
  separator: CSV_SEPARATOR,
  decimalMark: ',',
  date: csvDate,
  hasBom: true,
};

/** RFC 4180 with a decimal point and ISO dates: what Google Sheets' IMPORTDATA reads. */
export const INTERNATIONAL_CSV: CsvDialect = {
  separator: ',',
  decimalMark: '.',
  date: (date) => date,
  hasBom: false,
};

export function csvText(value: string, dialect: CsvDialect = PORTUGUESE_EXCEL_CSV): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES[dialect.separator].test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(row: ExportRow, column: ExportColumn, dialect: CsvDialect): string {
  const value = row[column.key];
  switch (column.kind) {
    case 'date':
      return dialect.date(String(value));
    case 'money':
      return centsToDecimalString(Number(value), dialect.decimalMark);
    case 'text':
      return csvText(String(value), dialect);
  }
}

export function csvLine(row: ExportRow, dialect: CsvDialect = PORTUGUESE_EXCEL_CSV): string {
  return (
    INVOICE_COLUMNS.map((column) => csvCell(row, column, dialect)).join(dialect.separator) +
    CSV_LINE_END
  );
}

export function csvHeader(dialect: CsvDialect = PORTUGUESE_EXCEL_CSV): string {
  const headings = INVOICE_COLUMNS.map((c) => csvText(headingOf(c), dialect));
  return (dialect.hasBom ? BOM : '') + headings.join(dialect.separator) + CSV_LINE_END;
}

/** The rows only, no totals line: a CSV is read back as data, and a total would count twice. */
export function createCsvWriter(
  output: Writable,
  dialect: CsvDialect = PORTUGUESE_EXCEL_CSV,
): ExportWriter {
  output.write(csvHeader(dialect));
  return {
    writeRows(rows) {
      if (rows.length > 0) output.write(rows.map((row) => csvLine(row, dialect)).join(''));
    },
    async finish() {
      await new Promise<void>((resolve) => output.end(resolve));
    },
  };
}
