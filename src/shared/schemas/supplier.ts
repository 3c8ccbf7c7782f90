// Shared zod schemas for suppliers (spec invoice-work §3 "Supplier", §5 "Supplier form"): the API
// body of POST/PATCH /api/suppliers and the /fornecedores form that edits it. Every rule lives
// in supplierInputSchema; the form schema maps the typed texts (amount '1.234,56', reset day)
// onto it and its issues back onto the form's fields. Messages are the spec's, word for word,
// where it gives one.
import { z } from 'zod';
import { isValidCalendarDate, type CalendarDate } from '#shared/dates.ts';
import {
  CATEGORY_COLORS,
  DEFAULT_TIMEZONE,
  SAVINGS_MAIN_CATEGORY,
  SPENDING_LIMIT_PERIODS,
  type CategoryColor,
  type SpendingLimitPeriod,
} from '#shared/domain.ts';
import { foldForSearch } from '#shared/invoice-search.ts';
import { formatCents, parseEuros } from '#shared/money.ts';
import { hasValidNifCheckDigit, isNifFormat, normalizeNif } from '#shared/nif.ts';
import { AUTH_MESSAGES, emailSchema, optionalPhoneSchema } from './auth.ts';
import {
  fieldsParsed,
  INVOICE_MESSAGES,
  MAX_INVOICE_CENTS,
  MAX_INVOICE_DATE,
  MIN_INVOICE_DATE,
  typedNifSchema,
} from './invoice.ts';
import { optionalText, singleLineText } from './text.ts';

export const SUPPLIER_MESSAGES = {
  nameRequired: INVOICE_MESSAGES.nameRequired,
  nameTooLong: INVOICE_MESSAGES.nameTooLong,
  nifLength: INVOICE_MESSAGES.nifLength,
  nifCheckDigit: 'O dígito de controlo do NIF não é válido.',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  phoneInvalid: AUTH_MESSAGES.phone,
  categoryTooLong: 'Categoria deve ter no máximo 50 caracteres',
  mainCategoryInvalid: 'Categoria principal inválida',
  templateTooLong: 'O modelo personalizado deve ter no máximo 5000 caracteres',
  tagNameRequired: 'Nome da etiqueta é obrigatório',
  tagNameTooLong: 'Etiqueta deve ter no máximo 30 caracteres',
  tagColorInvalid: 'Cor da etiqueta inválida',
  tagsTooMany: 'Máximo 10 etiquetas por fornecedor',
  tagDuplicate: 'Já existe uma etiqueta com este nome',
  limitAmount: 'Limite de despesa deve ser um número válido',
  limitPeriodInvalid: 'Período do limite inválido',
  limitStartRequired: 'Indique a data de início do período personalizado',
  limitStartInvalid: 'Data de início inválida',
  limitEndInvalid: 'Data de fim inválida',
  limitEndBeforeStart: 'A data de fim deve ser posterior à data de início',
  resetDay: 'O dia de renovação deve estar entre 1 e 31',
  timezone: 'Fuso horário inválido',
} as const;

export const SUPPLIER_NAME_MAX = 200;
export const SUPPLIER_CATEGORY_MAX = 50;
export const SUPPLIER_TEMPLATE_MAX = 5000;
export const SUPPLIER_TAGS_MAX = 10;
export const SUPPLIER_TAG_NAME_MAX = 30;

/** The warning shown under a 9-digit NIF whose check digit is wrong; null otherwise (spec §5). */
export function nifWarning(nif: string): string | null {
  const normalized = normalizeNif(nif.trim());
  return isNifFormat(normalized) && !hasValidNifCheckDigit(normalized)
    ? SUPPLIER_MESSAGES.nifCheckDigit
    : null;
}

/** An IANA zone name the platform knows ('Europe/Lisbon', 'Atlantic/Azores'); not an offset. */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/u.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Optional 'YYYY-MM-DD' from 2000 to 2100 (as an invoice's dates): blank becomes null. */
const optionalDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) =>
        v === null || (isValidCalendarDate(v) && v >= MIN_INVOICE_DATE && v <= MAX_INVOICE_DATE),
      message,
    );

const supplierTagSchema = z.object({
  name: singleLineText({ error: SUPPLIER_MESSAGES.tagNameRequired })
    .min(1, SUPPLIER_MESSAGES.tagNameRequired)
    .max(SUPPLIER_TAG_NAME_MAX, SUPPLIER_MESSAGES.tagNameTooLong),
  color: z.enum(CATEGORY_COLORS, { error: SUPPLIER_MESSAGES.tagColorInvalid }).optional(),
});

// Names compare as the search does: 'Urgente' and 'urgênte ' are the same tag.
const supplierTagsSchema = z
  .array(supplierTagSchema)
  .max(SUPPLIER_TAGS_MAX, SUPPLIER_MESSAGES.tagsTooMany)
  .default([])
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      const key = foldForSearch(tag.name);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: SUPPLIER_MESSAGES.tagDuplicate,
        });
      }
      seen.add(key);
    });
  });

const timezoneSchema = z
  .string({ error: SUPPLIER_MESSAGES.timezone })
  .max(64, SUPPLIER_MESSAGES.timezone)
  .trim()
  .optional()
  .transform((v) => (v ? v : DEFAULT_TIMEZONE))
  .refine(isValidTimeZone, SUPPLIER_MESSAGES.timezone)
  // The zone's canonical spelling ('europe/lisbon' → 'Europe/Lisbon').
  .transform((v) => new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone);

const supplierLimitSchema = z
  .object({
    amountCents: z
      .number({ error: SUPPLIER_MESSAGES.limitAmount })
      .int(SUPPLIER_MESSAGES.limitAmount)
      .min(0, SUPPLIER_MESSAGES.limitAmount)
      .max(MAX_INVOICE_CENTS, SUPPLIER_MESSAGES.limitAmount)
      .nullish()
      .transform((v) => v ?? null),
    active: z.boolean().default(false),
    period: z
      .enum(SPENDING_LIMIT_PERIODS, { error: SUPPLIER_MESSAGES.limitPeriodInvalid })
      .default('mensal'),
    start: optionalDate(SUPPLIER_MESSAGES.limitStartInvalid),
    end: optionalDate(SUPPLIER_MESSAGES.limitEndInvalid),
    autoRenew: z.boolean().default(true),
    resetDay: z
      .number({ error: SUPPLIER_MESSAGES.resetDay })
      .int(SUPPLIER_MESSAGES.resetDay)
      .min(1, SUPPLIER_MESSAGES.resetDay)
      .max(31, SUPPLIER_MESSAGES.resetDay)
      .nullish()
      .transform((v) => v ?? null),
    timezone: timezoneSchema,
  })
  .refine((limit) => limit.period !== 'personalizado' || limit.start !== null, {
    path: ['start'],
    message: SUPPLIER_MESSAGES.limitStartRequired,
    when: fieldsParsed('period', 'start'),
  })
  .refine(
    (limit) =>
      limit.period !== 'personalizado' ||
      limit.start === null ||
      limit.end === null ||
      limit.end >= limit.start,
    {
      path: ['end'],
      message: SUPPLIER_MESSAGES.limitEndBeforeStart,
      when: fieldsParsed('period', 'start', 'end'),
    },
  )
  // Dates belong to personalizado and the reset day to mensal: nothing stale is stored.
  .transform((limit) => ({
    ...limit,
    start: limit.period === 'personalizado' ? limit.start : null,
    end: limit.period === 'personalizado' ? limit.end : null,
    resetDay: limit.period === 'mensal' ? limit.resetDay : null,
  }));

/** The body of POST /api/suppliers and PATCH /api/suppliers/:id (a full replace). */
export const supplierInputSchema = z.object({
  name: singleLineText({ error: SUPPLIER_MESSAGES.nameRequired })
    .min(1, SUPPLIER_MESSAGES.nameRequired)
    .max(SUPPLIER_NAME_MAX, SUPPLIER_MESSAGES.nameTooLong),
  // Nine digits and a right check digit: a wrong NIF is a wrong fiscal record (issue 13.6).
  nif: typedNifSchema,
  category: optionalText(
    'single-line',
    SUPPLIER_CATEGORY_MAX,
    SUPPLIER_MESSAGES.categoryTooLong,
    SUPPLIER_MESSAGES.categoryTooLong,
  ),
  mainCategory: z
    .enum([SAVINGS_MAIN_CATEGORY], { error: SUPPLIER_MESSAGES.mainCategoryInvalid })
    .nullish()
    .transform((v) => v ?? null),
  email: z
    .string({ error: SUPPLIER_MESSAGES.invalidEmail })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(emailSchema.nullable()),
  phone: optionalPhoneSchema,
  notifyByEmail: z.boolean().default(false),
  sendCopy: z.boolean().default(false),
  customTemplate: optionalText(
    'multi-line',
    SUPPLIER_TEMPLATE_MAX,
    SUPPLIER_MESSAGES.templateTooLong,
    SUPPLIER_MESSAGES.templateTooLong,
  ),
  tags: supplierTagsSchema,
  limit: supplierLimitSchema.prefault({}),
});
export type SupplierInput = z.input<typeof supplierInputSchema>;
export type SupplierData = z.output<typeof supplierInputSchema>;
export type SupplierTagInput = z.input<typeof supplierTagSchema>;

/** Whether a body sets a spending limit: the part that needs a paid plan (spec §6). */
export function setsSpendingLimit(limit: Pick<SupplierData['limit'], 'active' | 'amountCents'>) {
  return limit.active || (limit.amountCents !== null && limit.amountCents > 0);
}

// ——— The /fornecedores form ———

/** What the form edits: texts as typed (amount the Portuguese way, '1.234,56'), dates as text. */
export type SupplierFormValues = {
  name: string;
  nif: string;
  /** A category name (built-in or custom), or null for none. */
  category: string | null;
  mainCategory: typeof SAVINGS_MAIN_CATEGORY | null;
  email: string;
  phone: string;
  notifyByEmail: boolean;
  sendCopy: boolean;
  customTemplate: string;
  tags: Array<{ name: string; color?: CategoryColor }>;
  limit: {
    /** Euros as typed: '', '150', '1.234,56', '1234,56 €'. */
    amount: string;
    active: boolean;
    period: SpendingLimitPeriod;
    /** 'YYYY-MM-DD' or ''. */
    start: string;
    end: string;
    autoRenew: boolean;
    /** '' (first of the month) or '1'…'31'. */
    resetDay: string;
    timezone: string;
  };
};

export const supplierFormDefaults: SupplierFormValues = {
  name: '',
  nif: '',
  category: null,
  mainCategory: null,
  email: '',
  phone: '',
  notifyByEmail: false,
  sendCopy: false,
  customTemplate: '',
  tags: [],
  limit: {
    amount: '',
    active: false,
    period: 'mensal',
    start: '',
    end: '',
    autoRenew: true,
    resetDay: '',
    timezone: DEFAULT_TIMEZONE,
  },
};

/** Cents of a typed amount: null when blank, NaN when it is not an amount (the schema says so). */
function typedCents(text: string): number | null {
  if (text.trim() === '') return null;
  return parseEuros(text) ?? Number.NaN;
}

function typedDay(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,2}$/u.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The API body for the form's values; supplierInputSchema does the validating. */
export function supplierFormToInput(values: SupplierFormValues): SupplierInput {
  const { limit } = values;
  return {
    name: values.name,
    nif: values.nif,
    category: values.category,
    mainCategory: values.mainCategory,
    email: values.email,
    phone: values.phone,
    notifyByEmail: values.notifyByEmail,
    sendCopy: values.sendCopy,
    customTemplate: values.customTemplate,
    tags: values.tags.map((tag) => ({ ...tag })),
    limit: {
      amountCents: typedCents(limit.amount),
      active: limit.active,
      period: limit.period,
      start: limit.start,
      end: limit.end,
      autoRenew: limit.autoRenew,
      resetDay: typedDay(limit.resetDay),
      timezone: limit.timezone,
    },
  };
}

/** The stored fields a form starts from: a SupplierDto (GET /api/suppliers/:id) fits. */
export type SupplierEditableFields = {
  name: string;
  nif: string;
  category: string | null;
  mainCategory: typeof SAVINGS_MAIN_CATEGORY | null;
  email: string | null;
  phone: string | null;
  notifyByEmail: boolean;
  sendCopy: boolean;
  customTemplate: string | null;
  tags: ReadonlyArray<{ name: string; color?: CategoryColor }>;
  limit: {
    amountCents: number | null;
    active: boolean;
    period: SpendingLimitPeriod;
    start: CalendarDate | null;
    end: CalendarDate | null;
    autoRenew: boolean;
    resetDay: number | null;
    timezone: string;
  };
};

export function supplierToFormValues(supplier: SupplierEditableFields): SupplierFormValues {
  const { limit } = supplier;
  return {
    name: supplier.name,
    nif: supplier.nif,
    category: supplier.category,
    mainCategory: supplier.mainCategory,
    email: supplier.email ?? '',
    phone: supplier.phone ?? '',
    notifyByEmail: supplier.notifyByEmail,
    sendCopy: supplier.sendCopy,
    customTemplate: supplier.customTemplate ?? '',
    tags: supplier.tags.map((tag) => ({ ...tag })),
    limit: {
      // '1234,56 €' as the invoice form shows an amount; parseEuros reads it back exactly.
      amount: limit.amountCents === null ? '' : formatCents(limit.amountCents),
      active: limit.active,
      period: limit.period,
      start: limit.start ?? '',
      end: limit.end ?? '',
      autoRenew: limit.autoRenew,
      resetDay: limit.resetDay === null ? '' : String(limit.resetDay),
      timezone: limit.timezone,
    },
  };
}

// The form's fields are the body's, except the amount: the body speaks in cents.
function formPath(path: ReadonlyArray<PropertyKey>): PropertyKey[] {
  return path[0] === 'limit' && path[1] === 'amountCents' ? ['limit', 'amount'] : [...path];
}

const formValuesShape = z.object({
  name: z.string(),
  nif: z.string(),
  category: z.string().nullable(),
  mainCategory: z.literal(SAVINGS_MAIN_CATEGORY).nullable(),
  email: z.string(),
  phone: z.string(),
  notifyByEmail: z.boolean(),
  sendCopy: z.boolean(),
  customTemplate: z.string(),
  tags: z.array(z.object({ name: z.string(), color: z.enum(CATEGORY_COLORS).optional() })),
  limit: z.object({
    amount: z.string(),
    active: z.boolean(),
    period: z.enum(SPENDING_LIMIT_PERIODS),
    start: z.string(),
    end: z.string(),
    autoRenew: z.boolean(),
    resetDay: z.string(),
    timezone: z.string(),
  }),
});

/**
 * The form's schema (e.g. zodResolver(supplierFormSchema)): validates SupplierFormValues with
 * supplierInputSchema's rules, each issue on the form field it concerns ('limit.amount' for the
 * amount), and outputs the parsed API body.
 */
export const supplierFormSchema = formValuesShape.transform((values, ctx): SupplierData => {
  const result = supplierInputSchema.safeParse(supplierFormToInput(values));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
  }
  return z.NEVER;
});
