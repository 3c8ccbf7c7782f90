// The buyer CSV that the AT portal (e-Fatura) exports, read into documents (issue 17 point 3).
// Pure: bytes in, documents and refused lines out; nothing here knows the database. Format
// facts and the doubts about them are in research/pt-qr-spec.md §5:
// - `Emitente` is "<NIF> - <name>"; `Nº Fatura / ATCUD` is "<document id> / <ATCUD>", the
//   ATCUD part sometimes missing;
// - amounts are "1.169,68 €" ('.' thousands, ',' decimals); credit notes are positive in the
//   file and count negative, which Papelada stores as document type NC (invoices.ts);
// - encoding, date format and the `Situação` values are unconfirmed: any of UTF-8 (with or
//   without a mark) and windows-1252, dates yyyy-mm-dd or dd/mm/yyyy, 'Anulado' refused.
// A file that is not this CSV is refused whole; a line that cannot be an invoice is refused
// alone, with its reason, and the rest goes on.
import type { z } from 'zod';
import { addDays, type CalendarDate } from '#shared/dates.ts';
import type { DocumentType } from '#shared/domain.ts';
import { parseEuros } from '#shared/money.ts';
import { isValidNif } from '#shared/nif.ts';
import { parseCsvDate } from '#shared/sales-csv.ts';
import { MAX_EFATURA_ROWS } from '#shared/schemas/efatura-import.ts';
import {
  INVOICE_MESSAGES,
  ISSUE_DATE_FUTURE_TOLERANCE_DAYS,
  MAX_INVOICE_CENTS,
} from '#shared/schemas/invoice.ts';
import { optionalText, singleLineText } from '#shared/schemas/text.ts';
import { readCsvRecords } from '#shared/csv-records.ts';
import { decodeCsvBytes, type CsvEncoding } from './csv-text.ts';
import { findHeader, foldColumnName, type ColumnMap } from './efatura-columns.ts';
import { EFATURA_FILE_MESSAGES, EFATURA_ROW_MESSAGES } from './efatura-import.messages.ts';

/** One document of the list, checked as a new invoice would be. */
export type EfaturaDocument = {
  supplierNif: string;
  /** The issuer's name as the portal writes it; null when the file gives only the NIF. */
  supplierName: string | null;
  number: string;
  /** null when the file has none, or the placeholder '0' of documents before 2023. */
  atcud: string | null;
  documentType: DocumentType;
  issueDate: CalendarDate;
  /** As printed, never negative; a credit note counts negative through its type (NC). */
  totalCents: number;
  vatCents: number;
};

export type EfaturaLine =
  | { line: number; kind: 'document'; document: EfaturaDocument }
  | {
      line: number;
      kind: 'refused';
      reason: string;
      /** The line's `Emitente` and `Nº Fatura / ATCUD` as written, to tell the user which. */
      issuer: string;
      reference: string;
      /** What was read of it, so a refused (e.g. annulled) document still names a period. */
      supplierNif: string | null;
      number: string | null;
      atcud: string | null;
      issueDate: CalendarDate | null;
    };

export type EfaturaParse =
  | { ok: true; encoding: CsvEncoding; separator: string; lines: EfaturaLine[] }
  | { ok: false; message: string };

export type ParseEfaturaOptions = { today: CalendarDate };

const ISSUER = /^\s*(?:PT)?\s*(\d{9})\s*(?:-\s*([\s\S]*))?$/iu;
const REFERENCE_WITH_ATCUD = /^([\s\S]*?\S)\s+\/\s+([A-Za-z0-9]+-\d+|0)$/u;
const TIME_SUFFIX = /[ T]\d{1,2}:\d{2}(?::\d{2})?$/u;
const TYPE_PREFIX = /^(FT|FR|FS|NC|ND)\b/iu;

const TYPE_LABELS: Record<string, DocumentType> = {
  fatura: 'FT',
  faturarecibo: 'FR',
  faturasimplificada: 'FS',
  notadecredito: 'NC',
  notadedebito: 'ND',
};

// The text rules of every stored field (control characters, bidi controls, NFC, trim).
const nameSchema = singleLineText().max(200, INVOICE_MESSAGES.nameTooLong);
const numberSchema = singleLineText()
  .min(1, EFATURA_ROW_MESSAGES.numberMissing)
  .max(60, INVOICE_MESSAGES.numberTooLong);
const atcudSchema = optionalText('single-line', 70, INVOICE_MESSAGES.atcudTooLong);

class LineRefused extends Error {}

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new LineRefused(parsed.error.issues[0]?.message);
  return parsed.data;
}

function refuse(reason: string): never {
  throw new LineRefused(reason);
}

/** Amount in cents, positive; a credit note's may be written negative. */
function amount(raw: string, isCreditNote: boolean, message: string): number {
  const cents = parseEuros(raw);
  if (cents === null || (cents < 0 && !isCreditNote)) refuse(message);
  const positive = Math.abs(cents);
  if (positive > MAX_INVOICE_CENTS) refuse(message);
  return positive;
}

function documentType(rawType: string, number: string): DocumentType {
  const byLabel = TYPE_LABELS[foldColumnName(rawType)];
  if (byLabel) return byLabel;
  const prefix = TYPE_PREFIX.exec(number)?.[1];
  if (prefix) return prefix.toUpperCase() as DocumentType;
  return refuse(EFATURA_ROW_MESSAGES.documentType(rawType.trim()));
}

/** What a line has shown of itself so far: a refusal still reports it. */
type SeenSoFar = {
  supplierNif: string | null;
  number: string | null;
  atcud: string | null;
  issueDate: CalendarDate | null;
};

/** Longest `Emitente` or `Nº Fatura / ATCUD` sent back with a refused line. */
const MAX_ECHOED = 120;

function readLine(
  cell: (key: keyof ColumnMap) => string,
  today: CalendarDate,
  seen: SeenSoFar,
): EfaturaDocument {
  const issuer = ISSUER.exec(cell('issuer'));
  const nif = issuer?.[1];
  if (!nif || !isValidNif(nif)) refuse(EFATURA_ROW_MESSAGES.nif(cell('issuer').trim()));
  seen.supplierNif = nif;
  const name = check(nameSchema, issuer?.[2] ?? '');

  const reference = cell('document').trim().replace(/\s+/gu, ' ');
  const split = REFERENCE_WITH_ATCUD.exec(reference);
  const number = check(numberSchema, split ? split[1] : reference);
  seen.number = number;
  const atcud = check(atcudSchema, split?.[2] === '0' ? null : (split?.[2] ?? null));
  seen.atcud = atcud;

  const type = documentType(cell('type'), number);
  const rawDate = cell('date').trim();
  const issueDate = parseCsvDate(rawDate.replace(TIME_SUFFIX, ''));
  if (issueDate === null) refuse(EFATURA_ROW_MESSAGES.date(rawDate));
  seen.issueDate = issueDate;
  if (issueDate > addDays(today, ISSUE_DATE_FUTURE_TOLERANCE_DAYS)) {
    refuse(INVOICE_MESSAGES.issueDateFuture);
  }

  const isCreditNote = type === 'NC';
  const totalCents = amount(cell('total'), isCreditNote, EFATURA_ROW_MESSAGES.total(cell('total')));
  const vatCents = amount(cell('vat'), isCreditNote, EFATURA_ROW_MESSAGES.vat(cell('vat')));
  if (vatCents > totalCents) refuse(EFATURA_ROW_MESSAGES.vatAboveTotal);
  if (foldColumnName(cell('status')).startsWith('anulad')) refuse(EFATURA_ROW_MESSAGES.annulled);

  return {
    supplierNif: nif,
    supplierName: name === '' ? null : name,
    number,
    atcud,
    documentType: type,
    issueDate,
    totalCents,
    vatCents,
  };
}

export function parseEfaturaCsv(bytes: Uint8Array, { today }: ParseEfaturaOptions): EfaturaParse {
  const { text, encoding } = decodeCsvBytes(bytes);
  if (text.trim() === '') return { ok: false, message: EFATURA_FILE_MESSAGES.empty };
  // A NUL is never in a text file: a spreadsheet, a PDF or a photo sent by mistake.
  if (text.includes('\u0000')) return { ok: false, message: EFATURA_FILE_MESSAGES.notEfatura };

  const header = findHeader(text);
  if (header.kind === 'seller-list')
    return { ok: false, message: EFATURA_FILE_MESSAGES.sellerList };
  if (header.kind === 'not-efatura')
    return { ok: false, message: EFATURA_FILE_MESSAGES.notEfatura };
  if (header.kind === 'missing-columns') {
    return { ok: false, message: EFATURA_FILE_MESSAGES.missingColumns(header.labels) };
  }

  const read = readCsvRecords(text, header.separator);
  if (!read.ok) {
    return { ok: false, message: EFATURA_FILE_MESSAGES.unclosedQuote(read.unclosedQuoteLine) };
  }
  const records = read.records
    .slice(header.headerIndex + 1)
    .filter((record) => record.fields.some((field) => field.trim() !== ''));
  if (records.length === 0) return { ok: false, message: EFATURA_FILE_MESSAGES.noRows };
  if (records.length > MAX_EFATURA_ROWS) {
    return { ok: false, message: EFATURA_FILE_MESSAGES.tooManyRows };
  }

  const lines = records.map(({ line, fields }): EfaturaLine => {
    const cell = (key: keyof ColumnMap) => {
      const index = header.columns[key];
      return index === null ? '' : (fields[index] ?? '');
    };
    const seen: SeenSoFar = { supplierNif: null, number: null, atcud: null, issueDate: null };
    const refused = (reason: string): EfaturaLine => ({
      line,
      kind: 'refused',
      reason,
      issuer: cell('issuer').trim().slice(0, MAX_ECHOED),
      reference: cell('document').trim().slice(0, MAX_ECHOED),
      ...seen,
    });
    // A trailing separator adds an empty field; any other difference shifts every column.
    const extra = fields.slice(header.columnCount);
    if (fields.length < header.columnCount || extra.some((field) => field.trim() !== '')) {
      return refused(EFATURA_ROW_MESSAGES.columns(header.columnCount, fields.length));
    }
    try {
      return { line, kind: 'document', document: readLine(cell, today, seen) };
    } catch (error) {
      if (error instanceof LineRefused) return refused(error.message);
      throw error;
    }
  });
  return { ok: true, encoding, separator: header.separator, lines };
}
