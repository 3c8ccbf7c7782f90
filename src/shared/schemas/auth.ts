// Shared zod schemas for accounts (spec accounts-access-plans §3 and §5), used by the
// forms and the server alike. Messages are the spec's, word for word, where it gives one.
// Field names map to the spec's sign-up data: phone = telefone, accountType = tipo_usuario,
// fullName = nome_completo, personalNif = nif_particular, companyName = nome_empresa,
// companyNif = nif_empresa.
import { z } from 'zod';
import { ACCOUNT_TYPES } from '#shared/domain.ts';
import { isValidNif } from '#shared/nif.ts';
import { optionalText, singleLineText } from './text.ts';

export const AUTH_MESSAGES = {
  invalidEmail: 'Email inválido',
  passwordRequired: 'A palavra-passe é obrigatória',
  passwordMin6: 'A palavra-passe deve ter pelo menos 6 caracteres',
  phone: 'Telefone deve ter pelo menos 9 dígitos e conter apenas números, espaços, + ou -',
  companyRequired: 'Nome da empresa e NIF são obrigatórios para empresas',
  fullNameRequired: 'Nome completo é obrigatório para particulares',
  signUpPasswordsMismatch: 'As senhas não coincidem. Tente novamente.',
  termsRequired: 'Deve aceitar os Termos de Serviço e a Política de Privacidade',
  resetPasswordMin8: 'A senha deve ter pelo menos 8 caracteres',
  resetPasswordLetterDigit: 'A senha deve conter pelo menos uma letra e um número',
  resetPasswordsMismatch: 'As senhas não coincidem',
  nifInvalid: 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres',
  passwordTooLong: 'A palavra-passe deve ter no máximo 128 caracteres',
} as const;

const PHONE = /^[0-9 +-]{9,}$/;
const MAX_NAME = 120;
/** RFC 5321's longest address. */
export const MAX_EMAIL_LENGTH = 254;
/** Longer is not a password anyone types; bounding it bounds the hashing work too. */
export const MAX_PASSWORD_LENGTH = 128;
/** Longer than any phone or NIF however spaced: refused before the format is looked at. */
const MAX_CODE_LENGTH = 40;

export const emailSchema = singleLineText({ error: AUTH_MESSAGES.invalidEmail })
  .max(MAX_EMAIL_LENGTH, AUTH_MESSAGES.invalidEmail)
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

/** A password as typed: never trimmed or normalised (the hash is of what was typed). */
export const passwordTextSchema = (error: string) =>
  singleLineText({ error, trim: false, normalize: false });

/** An optional person's or company's name: blank becomes null. */
export const nameSchema = optionalText('single-line', MAX_NAME, AUTH_MESSAGES.nameTooLong);

/** Optional NIF: blank becomes null; spaces and dots are ignored; otherwise a valid NIF. */
export const optionalNifSchema = z
  .string({ error: AUTH_MESSAGES.nifInvalid })
  .max(MAX_CODE_LENGTH, AUTH_MESSAGES.nifInvalid)
  .nullish()
  .transform((v) => (v ? v.replace(/[\s.]/g, '') : null))
  .refine((v) => v === null || isValidNif(v), AUTH_MESSAGES.nifInvalid);

/** Optional phone: blank becomes null (spec: an empty phone becomes null). */
export const optionalPhoneSchema = z
  .string({ error: AUTH_MESSAGES.phone })
  .max(MAX_CODE_LENGTH, AUTH_MESSAGES.phone)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || PHONE.test(v), AUTH_MESSAGES.phone);

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordTextSchema(AUTH_MESSAGES.passwordRequired)
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z
  .object({
    accountType: z.enum(ACCOUNT_TYPES),
    email: emailSchema,
    phone: optionalPhoneSchema,
    password: passwordTextSchema(AUTH_MESSAGES.passwordMin6)
      .min(6, AUTH_MESSAGES.passwordMin6)
      .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    confirmPassword: passwordTextSchema(AUTH_MESSAGES.passwordMin6)
      .min(6, AUTH_MESSAGES.passwordMin6)
      .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    fullName: nameSchema,
    personalNif: optionalNifSchema,
    companyName: nameSchema,
    companyNif: optionalNifSchema,
    acceptTerms: z.boolean().refine((v) => v, AUTH_MESSAGES.termsRequired),
  })
  .superRefine((data, ctx) => {
    if (data.accountType === 'empresa') {
      if (!data.companyName) {
        ctx.addIssue({
          code: 'custom',
          path: ['companyName'],
          message: AUTH_MESSAGES.companyRequired,
        });
      }
      if (!data.companyNif) {
        ctx.addIssue({
          code: 'custom',
          path: ['companyNif'],
          message: AUTH_MESSAGES.companyRequired,
        });
      }
    } else if (!data.fullName) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: AUTH_MESSAGES.fullNameRequired });
    }
    if (data.password !== data.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: AUTH_MESSAGES.signUpPasswordsMismatch,
      });
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

export const requestResetSchema = z.object({ email: emailSchema });
export type RequestResetInput = z.infer<typeof requestResetSchema>;

export const newPasswordSchema = passwordTextSchema(AUTH_MESSAGES.resetPasswordMin8)
  .min(8, AUTH_MESSAGES.resetPasswordMin8)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), AUTH_MESSAGES.resetPasswordLetterDigit);

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: passwordTextSchema(AUTH_MESSAGES.resetPasswordsMismatch),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.resetPasswordsMismatch,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Spec accounts §3: a missing name falls back to the local part of the email. */
export function fallbackNameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}
