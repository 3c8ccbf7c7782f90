import { expect, test } from 'vitest';
import { permissionsFor } from '#shared/permissions.ts';
import { planAccessFor } from '#shared/plans.ts';
import { drawerSections, type DrawerSections } from './drawer-entries.ts';

const main = permissionsFor({ kind: 'main' });

function labels(sections: DrawerSections) {
  const show = (e: DrawerSections['conta'][number]) => (e.isPremium ? `${e.label} ★` : e.label);
  return { conta: sections.conta.map(show), sistema: sections.sistema.map(show) };
}

test('a private person on the free plan sees no CMV or Integrações entry', () => {
  const sections = drawerSections({
    permissions: main,
    access: planAccessFor('free'),
    accountType: 'particular',
  });
  expect(labels(sections)).toEqual({
    conta: ['Ver Perfil', 'Poupanças'],
    sistema: ['Configurações', 'Gestão de equipos ★'],
  });
});

test('a company on the free plan sees CMV and Integrações marked premium', () => {
  const sections = drawerSections({
    permissions: main,
    access: planAccessFor('free'),
    accountType: 'empresa',
  });
  expect(labels(sections)).toEqual({
    conta: ['Ver Perfil', 'Poupanças', 'CMV ★'],
    sistema: ['Configurações', 'Gestão de equipos ★', 'Integrações ★'],
  });
});

test('an enterprise plan unlocks CMV, teams and integrations', () => {
  for (const access of [planAccessFor('enterprise_500'), planAccessFor('enterprise_1000')]) {
    const sections = drawerSections({ permissions: main, access, accountType: 'particular' });
    expect(labels(sections)).toEqual({
      conta: ['Ver Perfil', 'Poupanças', 'CMV'],
      sistema: ['Configurações', 'Gestão de equipos', 'Integrações'],
    });
  }
});

test('an actor without the savings permission does not see Poupanças', () => {
  const sections = drawerSections({
    permissions: permissionsFor({ kind: 'sub-user', role: 'manager', subUserId: 's1' }),
    access: planAccessFor('professional'),
    accountType: 'particular',
  });
  expect(sections.conta.map((e) => e.label)).toEqual(['Ver Perfil']);
});

test('every entry links to its protected page', () => {
  const sections = drawerSections({
    permissions: main,
    access: planAccessFor('enterprise_1000'),
    accountType: 'empresa',
  });
  expect([...sections.conta, ...sections.sistema].map((e) => e.to)).toEqual([
    '/meu-perfil',
    '/poupancas',
    '/cmv',
    '/configuracoes',
    '/gestao-equipas',
    '/integracoes',
  ]);
});
