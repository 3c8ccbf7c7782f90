// The account deletion's confirmation (/meu-perfil, DELETE /api/account-data): the account's
// email, typed again. Compared trimmed and case-insensitively with the signed-in user's.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from './auth.ts';
import { singleLineText } from './text.ts';

export const ACCOUNT_DATA_FIELD_MESSAGES = {
  emailRequired: 'Escreva o email da conta para confirmar.',
} as const;

export const deleteAccountSchema = z.object({
  email: singleLineText({ error: ACCOUNT_DATA_FIELD_MESSAGES.emailRequired })
    .min(1, ACCOUNT_DATA_FIELD_MESSAGES.emailRequired)
    .max(MAX_EMAIL_LENGTH, ACCOUNT_DATA_FIELD_MESSAGES.emailRequired)
    .toLowerCase(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** Whether the typed confirmation names this email (trimmed, any case). */
export function isSameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
