// The profile edit form (/meu-perfil) and its API. Spec accounts §3 "Profile".
import { z } from 'zod';
import { ACCOUNT_TYPES, INVOICE_VIEW_MODES } from '#shared/domain.ts';
import { AUTH_MESSAGES, nameSchema, optionalNifSchema, optionalPhoneSchema } from './auth.ts';

export const updateProfileSchema = z
  .object({
    fullName: nameSchema,
    companyName: nameSchema,
    personalNif: optionalNifSchema,
    companyNif: optionalNifSchema,
    phone: optionalPhoneSchema,
    accountType: z.enum(ACCOUNT_TYPES),
    invoiceViewMode: z.enum(INVOICE_VIEW_MODES),
    pushNotifications: z.boolean(),
  })
  .partial()
  .superRefine((data, ctx) => {
    // Only checked when the request sets the account type, so a partial update of another
    // field never fails on a rule it did not touch.
    if (data.accountType === 'empresa' && (!data.companyName || !data.companyNif)) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: AUTH_MESSAGES.companyRequired,
      });
    }
    if (data.accountType === 'particular' && data.fullName === null) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: AUTH_MESSAGES.fullNameRequired });
    }
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
