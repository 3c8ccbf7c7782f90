// The /configuracoes password change form: the new password follows the reset rule of spec
// accounts §5 (8+ characters, a letter and a digit; 'A senha deve ter pelo menos 8
// caracteres'), the same schema the server applies to POST /api/auth/change-password.
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  MAX_PASSWORD_LENGTH,
  newPasswordSchema,
  passwordTextSchema,
} from '#shared/schemas/auth.ts';

export const changePasswordFormSchema = z
  .object({
    currentPassword: passwordTextSchema(AUTH_MESSAGES.passwordRequired)
      .min(1, AUTH_MESSAGES.passwordRequired)
      .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
    confirmPassword: passwordTextSchema(AUTH_MESSAGES.resetPasswordsMismatch),
    /** Better Auth's revokeOtherSessions: every other browser must sign in again. */
    revokeOtherSessions: z.boolean().default(false),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.resetPasswordsMismatch,
  });
export type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordFormSchema>;
