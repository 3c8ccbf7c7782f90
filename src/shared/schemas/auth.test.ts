import { expect, test } from 'vitest';
import {
  AUTH_MESSAGES,
  fallbackNameFromEmail,
  loginSchema,
  requestResetSchema,
  resetPasswordSchema,
  signUpSchema,
} from './auth.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

const particular = {
  accountType: 'particular' as const,
  email: ' Ana.Silva@Example.PT ',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  fullName: 'Ana Silva',
  acceptTerms: true,
};

test('login needs a valid email and a password', () => {
  expect(messages(loginSchema.safeParse({ email: 'x', password: '' }))).toEqual([
    AUTH_MESSAGES.invalidEmail,
    AUTH_MESSAGES.passwordRequired,
  ]);
  expect(loginSchema.parse({ email: 'A@B.PT', password: 'x' }).email).toBe('a@b.pt');
});

test('a particular signs up with a full name; email is trimmed and lowercased; empty phone is null', () => {
  const data = signUpSchema.parse({ ...particular, phone: '  ' });
  expect(data.email).toBe('ana.silva@example.pt');
  expect(data.phone).toBeNull();
  expect(data.personalNif).toBeNull();
});

test('a particular without a full name is refused', () => {
  expect(messages(signUpSchema.safeParse({ ...particular, fullName: ' ' }))).toEqual([
    AUTH_MESSAGES.fullNameRequired,
  ]);
});

test('a company needs its name and NIF', () => {
  const company = { ...particular, accountType: 'empresa' as const, fullName: undefined };
  expect(messages(signUpSchema.safeParse(company))).toEqual([
    AUTH_MESSAGES.companyRequired,
    AUTH_MESSAGES.companyRequired,
  ]);
  const ok = signUpSchema.parse({
    ...company,
    companyName: 'Padaria Lda',
    companyNif: '501 964 843',
  });
  expect(ok.companyNif).toBe('501964843');
});

test('NIFs must have nine digits and a right check digit', () => {
  expect(messages(signUpSchema.safeParse({ ...particular, personalNif: '123' }))).toEqual([
    AUTH_MESSAGES.nifInvalid,
  ]);
  expect(messages(signUpSchema.safeParse({ ...particular, personalNif: '501964842' }))).toEqual([
    AUTH_MESSAGES.nifInvalid,
  ]);
  expect(signUpSchema.parse({ ...particular, personalNif: '123456789' }).personalNif).toBe(
    '123456789',
  );
});

test('passwords of at least 6 characters that match', () => {
  expect(
    messages(
      signUpSchema.safeParse({ ...particular, password: '12345', confirmPassword: '12345' }),
    ),
  ).toEqual([AUTH_MESSAGES.passwordMin6, AUTH_MESSAGES.passwordMin6]);
  expect(messages(signUpSchema.safeParse({ ...particular, confirmPassword: 'outra123' }))).toEqual([
    AUTH_MESSAGES.signUpPasswordsMismatch,
  ]);
});

test('the phone, when filled, has at least 9 characters of digits, spaces, + or -', () => {
  expect(signUpSchema.parse({ ...particular, phone: '+351 912-345-678' }).phone).toBe(
    '+351 912-345-678',
  );
  for (const phone of ['91234567', '912 345 67a', '(21) 123 4567']) {
    expect(messages(signUpSchema.safeParse({ ...particular, phone }))).toEqual([
      AUTH_MESSAGES.phone,
    ]);
  }
});

test('the terms must be accepted', () => {
  expect(messages(signUpSchema.safeParse({ ...particular, acceptTerms: false }))).toEqual([
    AUTH_MESSAGES.termsRequired,
  ]);
});

test('a reset request needs a valid email', () => {
  expect(messages(requestResetSchema.safeParse({ email: 'nope' }))).toEqual([
    AUTH_MESSAGES.invalidEmail,
  ]);
});

test('a new password has 8 characters, a letter and a digit, and is confirmed', () => {
  expect(
    messages(resetPasswordSchema.safeParse({ password: 'abc12', confirmPassword: 'abc12' })),
  ).toContain(AUTH_MESSAGES.resetPasswordMin8);
  expect(
    messages(resetPasswordSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })),
  ).toEqual([AUTH_MESSAGES.resetPasswordLetterDigit]);
  expect(
    messages(resetPasswordSchema.safeParse({ password: '12345678', confirmPassword: '12345678' })),
  ).toEqual([AUTH_MESSAGES.resetPasswordLetterDigit]);
  expect(
    messages(resetPasswordSchema.safeParse({ password: 'çãoé1234', confirmPassword: 'çãoé1234' })),
  ).toEqual([]);
  expect(
    messages(
      resetPasswordSchema.safeParse({ password: 'segredo12', confirmPassword: 'segredo13' }),
    ),
  ).toEqual([AUTH_MESSAGES.resetPasswordsMismatch]);
});

test('a missing name falls back to the local part of the email', () => {
  expect(fallbackNameFromEmail('joana.reis@exemplo.pt')).toBe('joana.reis');
});
