// Shared zod schemas for the CMV screen (issue 16 point 4, spec invoice-work §3 "Sales record",
// §7 "Sales"): a day's sales, the month a report or list is asked for, the CSV import's body and
// the categories marked as goods for resale. Used by the /cmv forms and the API alike.
import { z } from 'zod';
import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import { addDays, isValidCalendarDate, todayInLisbon } from '#shared/dates.ts';
import { MAX_INVOICE_CENTS, MAX_INVOICE_DATE, MIN_INVOICE_DATE } from './invoice.ts';

export const SALES_MESSAGES = {
  dateRequired: 'Data é obrigatória',
  dateInvalid: 'Data inválida',
  dateFuture: 'A data não pode ser futura',
  value: 'Valor das vendas deve ser um valor válido',
  vat: 'IVA cobrado deve ser um valor válido',
  vatAboveValue: 'O IVA cobrado não pode ser maior do que o valor das vendas',
  monthInvalid: 'Mês inválido',
  csvRequired: 'Escolha um ficheiro CSV',
  csvTooLarge: 'O ficheiro é demasiado grande (máximo 100 KB).',
  categoryUnknown: 'Categoria desconhecida',
  tooManyCategories: 'Demasiadas categorias',
} as const;

/** A sale may be dated tomorrow in Lisbon (a device a little ahead), never later. */
export const SALE_DATE_FUTURE_TOLERANCE_DAYS = 1;
export const MAX_SALES_CSV_CHARS = 100_000;

/** 'YYYY-MM-DD' from 2000 to 2100, not after tomorrow in Lisbon. */
export const saleDateSchema = z
  .string({ error: SALES_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: SALES_MESSAGES.dateRequired, abort: true })
  .refine((d) => isValidCalendarDate(d) && d >= MIN_INVOICE_DATE && d <= MAX_INVOICE_DATE, {
    error: SALES_MESSAGES.dateInvalid,
    abort: true,
  })
  .refine(
    (d) => d <= addDays(todayInLisbon(), SALE_DATE_FUTURE_TOLERANCE_DAYS),
    SALES_MESSAGES.dateFuture,
  );

const cents = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(0, message)
    .max(MAX_INVOICE_CENTS, message);

export const saleInputSchema = z
  .object({
    date: saleDateSchema,
    /** The day's sales without VAT. */
    salesValueCents: cents(SALES_MESSAGES.value),
    vatCollectedCents: cents(SALES_MESSAGES.vat).default(0),
  })
  .refine((sale) => sale.vatCollectedCents <= sale.salesValueCents, {
    path: ['vatCollectedCents'],
    message: SALES_MESSAGES.vatAboveValue,
  });
export type SaleInput = z.input<typeof saleInputSchema>;
export type SaleData = z.output<typeof saleInputSchema>;

/** 'YYYY-MM', 2000-01 to 2100-12. */
export const MONTH_PATTERN = /^(20\d{2}|2100)-(0[1-9]|1[0-2])$/u;
export const monthSchema = z
  .string({ error: SALES_MESSAGES.monthInvalid })
  .regex(MONTH_PATTERN, SALES_MESSAGES.monthInvalid);
export const monthQuerySchema = z.object({ month: monthSchema });

export const salesImportSchema = z.object({
  csv: z
    .string({ error: SALES_MESSAGES.csvRequired })
    .min(1, SALES_MESSAGES.csvRequired)
    .max(MAX_SALES_CSV_CHARS, SALES_MESSAGES.csvTooLarge),
});
export type SalesImportInput = z.input<typeof salesImportSchema>;

const BUILT_IN_NAMES = BUILT_IN_CATEGORIES.map((c) => c.name) as [string, ...string[]];

/** The categories whose suppliers' invoices are goods for resale (replaces the whole set). */
export const resaleCategoriesSchema = z.object({
  builtIn: z
    .array(z.enum(BUILT_IN_NAMES, { error: SALES_MESSAGES.categoryUnknown }))
    .max(BUILT_IN_NAMES.length, SALES_MESSAGES.tooManyCategories),
  customIds: z
    .array(z.uuid({ error: SALES_MESSAGES.categoryUnknown }))
    .max(200, SALES_MESSAGES.tooManyCategories),
});
export type ResaleCategoriesInput = z.input<typeof resaleCategoriesSchema>;
