import { expect, test } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { changePasswordFormSchema } from './change-password-values.ts';

const messagesOf = (values: Record<string, string>) => {
  const result = changePasswordFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

test.each([
  ['abc1234', AUTH_MESSAGES.resetPasswordMin8],
  ['abcdefgh', AUTH_MESSAGES.resetPasswordLetterDigit],
  ['12345678', AUTH_MESSAGES.resetPasswordLetterDigit],
])('the new password %j is refused with the reset rule', (newPassword, message) => {
  expect(
    messagesOf({ currentPassword: 'segredo123', newPassword, confirmPassword: newPassword }),
  ).toEqual([message]);
});

test('the confirmation must match, and the current password is required', () => {
  expect(
    messagesOf({ currentPassword: '', newPassword: 'novaSenha9', confirmPassword: 'outra9aa' }),
  ).toEqual([AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.resetPasswordsMismatch]);
  expect(
    messagesOf({ currentPassword: 'x', newPassword: 'novaSenha9', confirmPassword: 'novaSenha9' }),
  ).toEqual([]);
});
