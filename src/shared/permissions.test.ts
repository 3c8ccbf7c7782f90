import { expect, test } from 'vitest';
import {
  PERMISSION_KEYS,
  ROLE_LABEL_ALIASES,
  ROLE_LABELS,
  SUB_USER_ROLES,
  can,
  parseRole,
  permissionsFor,
  type Actor,
  type PermissionKey,
  type SubUserRole,
} from './permissions.ts';

// Spec accounts §6, written out flag by flag. "Create suppliers" for user is
// "not shown" there; invoice-work §6 ("… view all suppliers only") makes it no.
// prettier-ignore
const MATRIX: ReadonlyArray<readonly [PermissionKey, boolean, boolean, boolean]> = [
  //  flag                        administrator manager user
  ['canAccessResumo',             true,  true,  false],
  ['canAccessFacturas',           true,  true,  true],
  ['canAccessFornecedores',       true,  true,  true],
  ['canAccessCMV',                true,  true,  false],
  ['canAccessPoupancas',          true,  false, false],
  ['canAccessIntegrations',       true,  false, false],
  ['canAccessConfiguracoes',      true,  false, false],
  ['canAccessScanner',            true,  true,  true],
  ['canCreateFacturas',           true,  true,  true],
  ['canEditFacturas',             true,  true,  false],
  ['canDeleteFacturas',           true,  false, false],
  ['canViewAllFacturas',          true,  true,  false],
  ['canCreateFornecedores',       true,  true,  false],
  ['canEditFornecedores',         true,  true,  false],
  ['canDeleteFornecedores',       true,  false, false],
  ['canViewAllFornecedores',      true,  true,  true],
  ['canManageTeam',               true,  false, false],
  ['canConfigureIntegrations',    true,  false, false],
  ['canViewAnalytics',            true,  true,  false],
  ['canManageCategories',         true,  false, false],
  ['canExportData',               true,  false, false],
];

const COLUMN: Record<SubUserRole, 1 | 2 | 3> = { administrator: 1, manager: 2, user: 3 };

const subUser = (role: SubUserRole): Actor => ({ kind: 'sub-user', role, subUserId: 'su-1' });

test('the matrix in this test names every permission flag exactly once', () => {
  expect(MATRIX.map(([flag]) => flag).sort()).toEqual([...PERMISSION_KEYS].sort());
  expect(PERMISSION_KEYS).toHaveLength(21);
});

test.each(
  SUB_USER_ROLES.flatMap((role) => MATRIX.map((row) => [role, row[0], row[COLUMN[role]]] as const)),
)('a sub-user with role %s: %s is %s', (role, flag, expected) => {
  expect(permissionsFor(subUser(role))[flag]).toBe(expected);
  expect(can(subUser(role), flag)).toBe(expected);
});

test.each(PERMISSION_KEYS)('the main user has %s', (flag) => {
  expect(can({ kind: 'main' }, flag)).toBe(true);
});

test.each(PERMISSION_KEYS)('nobody has %s while profile selection is pending', (flag) => {
  expect(can({ kind: 'pending' }, flag)).toBe(false);
});

test('permissionsFor returns exactly the 21 flags for every kind of actor', () => {
  const actors: Actor[] = [{ kind: 'main' }, { kind: 'pending' }, ...SUB_USER_ROLES.map(subUser)];
  for (const actor of actors) {
    expect(Object.keys(permissionsFor(actor)).sort()).toEqual([...PERMISSION_KEYS].sort());
  }
});

test('changing a returned permission set does not change the table', () => {
  const first = permissionsFor(subUser('user'));
  first.canDeleteFacturas = true;
  expect(can(subUser('user'), 'canDeleteFacturas')).toBe(false);
  const main = permissionsFor({ kind: 'main' });
  main.canExportData = false;
  expect(can({ kind: 'main' }, 'canExportData')).toBe(true);
});

test('a stored role the code does not know gets the permissions of user', () => {
  const actor = { kind: 'sub-user', role: 'superuser', subUserId: 'su-9' };
  // @ts-expect-error -- a role read from a stored row may be anything
  expect(permissionsFor(actor)).toEqual(permissionsFor(subUser('user')));
});

test('role labels are the pt-PT ones, with Gerente kept as an alias of Gestor', () => {
  expect(ROLE_LABELS).toEqual({
    administrator: 'Administrador',
    manager: 'Gestor',
    user: 'Utilizador',
  });
  expect(ROLE_LABEL_ALIASES.manager).toEqual(['Gestor', 'Gerente']);
});

test('parseRole reads role ids and labels, case-insensitively', () => {
  expect(parseRole('administrator')).toBe('administrator');
  expect(parseRole('manager')).toBe('manager');
  expect(parseRole('user')).toBe('user');
  expect(parseRole(' Administrador ')).toBe('administrator');
  expect(parseRole('Gestor')).toBe('manager');
  expect(parseRole('gerente')).toBe('manager');
  expect(parseRole('Utilizador')).toBe('user');
});

test('parseRole falls back to user for anything unknown', () => {
  for (const value of ['admin', 'Contabilista', 'Visualizador', '', null, undefined, 3, {}]) {
    expect(parseRole(value)).toBe('user');
  }
});
