import { expect, test } from 'vitest';
import { resolveCapabilities } from '#shared/capabilities.ts';
import { planAccessFor } from '#shared/plans.ts';
import { updateProfileSchema } from '#shared/schemas/profile.ts';
import type { Profile } from './api/get-profile.ts';
import { toFormValues } from './profile-form-values.ts';

const profile: Profile = {
  accountId: 'a1',
  email: 'ana@exemplo.pt',
  fullName: 'Ana Silva',
  companyName: null,
  personalNif: '123456789',
  companyNif: null,
  phone: null,
  accountType: 'particular',
  invoiceViewMode: 'grid',
  pushNotifications: false,
  photoUrl: null,
  planId: 'free',
  monthlyInvoiceLimit: 15,
  teamManagementEnabled: false,
  displayName: 'Ana Silva',
  acting: { kind: 'main', name: 'Ana Silva', teamManagement: false },
  ...resolveCapabilities({ actor: { kind: 'main' }, plan: planAccessFor('free') }),
};

test('empty profile fields become empty inputs and go back as null', () => {
  const values = toFormValues(profile);
  expect(values).toEqual({
    fullName: 'Ana Silva',
    companyName: '',
    personalNif: '123456789',
    companyNif: '',
    phone: '',
    accountType: 'particular',
  });
  const parsed = updateProfileSchema.parse(values);
  expect(parsed).toEqual({
    fullName: 'Ana Silva',
    companyName: null,
    personalNif: '123456789',
    companyNif: null,
    phone: null,
    accountType: 'particular',
  });
});

test('switching to Empresa without a company name and NIF is refused with the spec message', () => {
  const result = updateProfileSchema.safeParse({
    ...toFormValues(profile),
    accountType: 'empresa',
  });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toBe(
    'Nome da empresa e NIF são obrigatórios para empresas',
  );
});
