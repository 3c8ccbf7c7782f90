import { expect, test } from 'vitest';
import { signUpSchema } from '#shared/schemas/auth.ts';
import { EMPTY_SIGN_UP, visibleSignUpValues } from './sign-up-values.ts';

const filled = {
  ...EMPTY_SIGN_UP,
  fullName: 'Ana Silva',
  personalNif: '123',
  companyName: 'Silva Lda',
  companyNif: '500000000',
  email: 'ana@exemplo.pt',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  acceptTerms: true,
};

test('a particular sign-up drops the company fields, so a half-typed company NIF does not block it', () => {
  const values = visibleSignUpValues({ ...filled, personalNif: '', companyNif: '12' });
  expect(values).toMatchObject({ companyName: null, companyNif: null, fullName: 'Ana Silva' });
  expect(signUpSchema.safeParse(values).success).toBe(true);
});

test('a company sign-up drops the personal fields and still needs its own', () => {
  const values = visibleSignUpValues({ ...filled, accountType: 'empresa', companyNif: '' });
  expect(values).toMatchObject({ fullName: null, personalNif: null, companyName: 'Silva Lda' });
  const result = signUpSchema.safeParse(values);
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => i.message)).toEqual([
    'Nome da empresa e NIF são obrigatórios para empresas',
  ]);
});
