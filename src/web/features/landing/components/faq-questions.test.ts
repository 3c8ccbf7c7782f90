import { expect, test } from 'vitest';
import {
  permissionsFor,
  ROLE_LABELS,
  SUB_USER_ROLES,
  type PermissionKey,
} from '#shared/permissions.ts';
import { FAQ_ANSWERS } from './faq-answers.tsx';
import { FAQ_GROUPS } from './faq-questions.ts';
import { TEAM_ROLE_NAMES, TEAM_ROLE_RIGHTS } from './team-roles-table.tsx';

test('the FAQ has four groups and every question has exactly one answer', () => {
  expect(FAQ_GROUPS).toHaveLength(4);
  const ids = FAQ_GROUPS.flatMap((group) => group.questions.map((question) => question.id));
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys(FAQ_ANSWERS).sort()).toEqual([...ids].sort());
});

// Each row of the FAQ's table, as the permission flags it stands for.
const FLAGS_OF_ROW: Record<string, PermissionKey[]> = {
  'Scanner e novas faturas': ['canAccessScanner', 'canCreateFacturas'],
  'Ver todas as faturas': ['canViewAllFacturas'],
  'Resumo e CMV': ['canAccessResumo', 'canAccessCMV'],
  'Editar faturas e fornecedores': ['canEditFacturas', 'canEditFornecedores'],
  'Apagar faturas e fornecedores': ['canDeleteFacturas', 'canDeleteFornecedores'],
  'Definições, equipa e exportação': ['canAccessConfiguracoes', 'canManageTeam', 'canExportData'],
};

test('the FAQ’s team roles are the product’s, and say what each role really may do', () => {
  expect(TEAM_ROLE_NAMES).toEqual(SUB_USER_ROLES.map((role) => ROLE_LABELS[role]));
  expect(TEAM_ROLE_RIGHTS.map(({ right }) => right)).toEqual(Object.keys(FLAGS_OF_ROW));
  for (const { right, roles } of TEAM_ROLE_RIGHTS) {
    const actual = SUB_USER_ROLES.map((role) => {
      const permissions = permissionsFor({ kind: 'sub-user', role, subUserId: 'x' });
      return (FLAGS_OF_ROW[right] ?? []).every((flag) => permissions[flag]);
    });
    expect(roles, right).toEqual(actual);
  }
});
