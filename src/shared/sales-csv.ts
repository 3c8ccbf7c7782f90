// The CSV import of a month of sales (issue 16 point 4): one line per day, `date;value;VAT`, as a
// Portuguese spreadsheet saves it — `;` between fields, decimals with a comma ('1.234,56'),
// dates dd/mm/yyyy or yyyy-mm-dd, an optional header line, a byte-order mark, Windows line
// breaks. The whole file is read before anything is stored: any bad line refuses the file, with
// every problem named by its line, so nothing is ever half-imported.
import { isValidCalendarDate, addDays, formatDateShort, type CalendarDate } from './dates.ts';
import { parseEuros } from './money.ts';
import { MAX_INVOICE_CENTS, MAX_INVOICE_DATE, MIN_INVOICE_DATE } from './schemas/invoice.ts';
import { SALE_DATE_FUTURE_TOLERANCE_DAYS } from './schemas/sales.ts';

export const MAX_SALES_CSV_ROWS = 400;

export type SalesCsvRow = {
  line: number;
  date: CalendarDate;
  salesValueCents: number;
  vatCollectedCents: number;
};
export type SalesCsvError = { line: number; message: string };
export type SalesCsvResult =
  { ok: true; rows: SalesCsvRow[] } | { ok: false; errors: SalesCsvError[] };

export const SALES_CSV_MESSAGES = {
  empty: 'O ficheiro não tem vendas: escreva uma linha por dia, data;valor;IVA.',
  tooMany: `O ficheiro tem demasiadas linhas (máximo ${MAX_SALES_CSV_ROWS} dias).`,
  columns: (line: number) =>
    `Linha ${line}: são esperadas as colunas data;valor;IVA separadas por «;».`,
  date: (line: number, raw: string) =>
    `Linha ${line}: data inválida «${raw}». Use dd/mm/aaaa ou aaaa-mm-dd.`,
  dateFuture: (line: number, date: CalendarDate) =>
    `Linha ${line}: a data ${formatDateShort(date)} é futura.`,
  value: (line: number, raw: string) =>
    `Linha ${line}: valor inválido «${raw}». Use o formato 1.234,56.`,
  vat: (line: number, raw: string) =>
    `Linha ${line}: IVA inválido «${raw}». Use o formato 1.234,56.`,
  vatAboveValue: (line: number) =>
    `Linha ${line}: o IVA não pode ser maior do que o valor das vendas.`,
  duplicate: (line: number, date: CalendarDate, first: number) =>
    `Linha ${line}: o dia ${formatDateShort(date)} já aparece na linha ${first}.`,
  refused: (first: string, more: number) =>
    `O ficheiro não foi importado. ${first}${more > 0 ? ` (e mais ${more} ${more === 1 ? 'erro' : 'erros'})` : ''}`,
} as const;

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/u;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/u;
const QUOTED = /^"(.*)"$/su;
/** A long cell is cut when a message quotes it. */
const MAX_SHOWN = 30;

/** A field as a spreadsheet writes it: surrounding spaces and quotes removed ("" is a quote). */
function cell(raw: string): string {
  const trimmed = raw.trim();
  const quoted = QUOTED.exec(trimmed);
  return (quoted ? (quoted[1] ?? '').replaceAll('""', '"') : trimmed).trim();
}

function shown(raw: string): string {
  return raw.length > MAX_SHOWN ? `${raw.slice(0, MAX_SHOWN)}…` : raw;
}

/** dd/mm/yyyy (also d/m/yyyy) or yyyy-mm-dd, within 2000–2100; null otherwise. */
export function parseCsvDate(raw: string): CalendarDate | null {
  let year: string, month: string, day: string;
  const dayFirst = DAY_FIRST.exec(raw);
  const iso = ISO.exec(raw);
  if (dayFirst) [, day = '', month = '', year = ''] = dayFirst;
  else if (iso) [, year = '', month = '', day = ''] = iso;
  else return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (!isValidCalendarDate(date) || date < MIN_INVOICE_DATE || date > MAX_INVOICE_DATE) return null;
  return date;
}

/** A non-negative amount within the ceiling, in cents; null otherwise. */
function parseAmount(raw: string): number | null {
  const cents = parseEuros(raw);
  if (cents === null || cents < 0 || cents > MAX_INVOICE_CENTS) return null;
  return cents;
}

/** A first line that names its columns rather than holding a day (e.g. 'Data;Valor;IVA'). */
function isHeader(fields: string[]): boolean {
  const first = cell(fields[0] ?? '');
  return parseCsvDate(first) === null && /\p{L}/u.test(fields.join(''));
}

export type ParseSalesCsvOptions = { today: CalendarDate };

export function parseSalesCsv(text: string, { today }: ParseSalesCsvOptions): SalesCsvResult {
  const lines = text.replace(/^\uFEFF/u, '').split(/\r\n|\n|\r/u);
  const latest = addDays(today, SALE_DATE_FUTURE_TOLERANCE_DAYS);
  const rows: SalesCsvRow[] = [];
  const errors: SalesCsvError[] = [];
  const firstLineOf = new Map<CalendarDate, number>();
  let seenContent = false;

  for (const [index, rawLine] of lines.entries()) {
    const line = index + 1;
    // Blank lines, and lines of empty cells (';;' from a spreadsheet's empty rows), hold nothing.
    if (rawLine.replaceAll(';', '').trim() === '') continue;
    const fields = rawLine.split(';');
    // Trailing empty cells are how spreadsheets pad a row; they are not columns.
    while (fields.length > 3 && cell(fields.at(-1) ?? '') === '') fields.pop();
    if (!seenContent) {
      seenContent = true;
      if (isHeader(fields)) continue;
    }
    if (fields.length < 2 || fields.length > 3) {
      errors.push({ line, message: SALES_CSV_MESSAGES.columns(line) });
      continue;
    }
    const [rawDate = '', rawValue = '', rawVat = ''] = fields.map(cell);
    const date = parseCsvDate(rawDate);
    const value = parseAmount(rawValue);
    const vat = rawVat === '' ? 0 : parseAmount(rawVat);
    const before = errors.length;
    if (date === null)
      errors.push({ line, message: SALES_CSV_MESSAGES.date(line, shown(rawDate)) });
    else if (date > latest)
      errors.push({ line, message: SALES_CSV_MESSAGES.dateFuture(line, date) });
    if (value === null) {
      errors.push({ line, message: SALES_CSV_MESSAGES.value(line, shown(rawValue)) });
    }
    if (vat === null) errors.push({ line, message: SALES_CSV_MESSAGES.vat(line, shown(rawVat)) });
    if (value !== null && vat !== null && vat > value) {
      errors.push({ line, message: SALES_CSV_MESSAGES.vatAboveValue(line) });
    }
    if (date !== null) {
      const first = firstLineOf.get(date);
      if (first !== undefined) {
        errors.push({ line, message: SALES_CSV_MESSAGES.duplicate(line, date, first) });
      } else firstLineOf.set(date, line);
    }
    if (errors.length === before && date !== null && value !== null && vat !== null) {
      rows.push({ line, date, salesValueCents: value, vatCollectedCents: vat });
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0)
    return { ok: false, errors: [{ line: 0, message: SALES_CSV_MESSAGES.empty }] };
  if (rows.length > MAX_SALES_CSV_ROWS) {
    return { ok: false, errors: [{ line: 0, message: SALES_CSV_MESSAGES.tooMany }] };
  }
  return { ok: true, rows };
}

/** The refusal's one-line message: the first problem, and how many more there are. */
export function salesCsvRefusal(errors: readonly SalesCsvError[]): string {
  return SALES_CSV_MESSAGES.refused(
    errors[0]?.message ?? SALES_CSV_MESSAGES.empty,
    errors.length - 1,
  );
}
