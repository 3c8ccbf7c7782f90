// Shared zod schema of a savings goal (issue 16 point 5): the /poupancas form and the API body.
import { z } from 'zod';
import { isValidCalendarDate } from '#shared/dates.ts';
import {
  fieldsParsed,
  MAX_INVOICE_CENTS,
  MAX_INVOICE_DATE,
  MIN_INVOICE_DATE,
  supplierNifSchema,
} from './invoice.ts';
import { singleLineText } from './text.ts';

export const SAVINGS_MESSAGES = {
  nameRequired: 'Nome do objetivo é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 80 caracteres',
  target: 'Valor do objetivo deve ser maior do que zero',
  targetDateRequired: 'Data do objetivo é obrigatória',
  targetDateInvalid: 'Data do objetivo inválida',
  startDateRequired: 'Data de início é obrigatória',
  startDateInvalid: 'Data de início inválida',
  targetBeforeStart: 'A data do objetivo deve ser posterior à data de início',
} as const;

export const SAVINGS_GOAL_NAME_MAX = 80;

const goalDate = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((d) => isValidCalendarDate(d) && d >= MIN_INVOICE_DATE && d <= MAX_INVOICE_DATE, {
      error: invalid,
      abort: true,
    });

export const savingsGoalInputSchema = z
  .object({
    name: singleLineText({ error: SAVINGS_MESSAGES.nameRequired })
      .min(1, SAVINGS_MESSAGES.nameRequired)
      .max(SAVINGS_GOAL_NAME_MAX, SAVINGS_MESSAGES.nameTooLong),
    targetCents: z
      .number({ error: SAVINGS_MESSAGES.target })
      .int({ error: SAVINGS_MESSAGES.target, abort: true })
      .min(1, SAVINGS_MESSAGES.target)
      .max(MAX_INVOICE_CENTS, SAVINGS_MESSAGES.target),
    targetDate: goalDate(SAVINGS_MESSAGES.targetDateRequired, SAVINGS_MESSAGES.targetDateInvalid),
    startDate: goalDate(SAVINGS_MESSAGES.startDateRequired, SAVINGS_MESSAGES.startDateInvalid),
    /** One savings supplier; null or absent: every savings supplier. */
    supplierNif: supplierNifSchema.nullish().transform((nif) => nif ?? null),
  })
  .refine((goal) => goal.targetDate >= goal.startDate, {
    path: ['targetDate'],
    message: SAVINGS_MESSAGES.targetBeforeStart,
    when: fieldsParsed('targetDate', 'startDate'),
  });
export type SavingsGoalInput = z.input<typeof savingsGoalInputSchema>;
export type SavingsGoalData = z.output<typeof savingsGoalInputSchema>;
