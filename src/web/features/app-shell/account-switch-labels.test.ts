import { expect, test } from 'vitest';
import { accountRoleLabel, hasOtherAccounts } from './account-switch-labels.ts';

test('one’s own account is “Conta própria”, another shows the role held in it', () => {
  expect(accountRoleLabel('owner')).toBe('Conta própria');
  expect(accountRoleLabel('administrator')).toBe('Administrador');
  expect(accountRoleLabel('manager')).toBe('Gestor');
  expect(accountRoleLabel('user')).toBe('Utilizador');
});

test('the drawer lists the accounts only when there is more than one', () => {
  expect(hasOtherAccounts(undefined)).toBe(false);
  expect(hasOtherAccounts([{}])).toBe(false);
  expect(hasOtherAccounts([{}, {}])).toBe(true);
});
