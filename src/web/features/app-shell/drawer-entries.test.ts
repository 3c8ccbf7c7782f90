import { expect, test } from 'vitest';
import { resolveCapabilities } from '#shared/capabilities.ts';
import type { Actor } from '#shared/permissions.ts';
import { planAccessFor, type PlanId } from '#shared/plans.ts';
import { capabilityView } from '#web/lib/use-can.ts';
import { drawerSections, type DrawerSections } from './drawer-entries.ts';

/** The rights the server sends in the profile for this actor on this plan. */
const rightsOf = (planId: PlanId, actor: Actor = { kind: 'main' }) =>
  capabilityView(resolveCapabilities({ actor, plan: planAccessFor(planId) }));

function labels(sections: DrawerSections) {
  const show = (e: DrawerSections['conta'][number]) => (e.isPremium ? `${e.label} ★` : e.label);
  return { conta: sections.conta.map(show), sistema: sections.sistema.map(show) };
}

test('a private person on the free plan sees no CMV or Integrações entry, and Poupanças marked premium', () => {
  const sections = drawerSections({
    rights: rightsOf('free'),
    accountType: 'particular',
  });
  expect(labels(sections)).toEqual({
    conta: ['Ver Perfil', 'Poupanças ★'],
    sistema: ['Configurações', 'Gestão de equipos ★'],
  });
});

test('a company on the free plan sees CMV and Integrações marked premium', () => {
  const sections = drawerSections({
    rights: rightsOf('free'),
    accountType: 'empresa',
  });
  expect(labels(sections)).toEqual({
    conta: ['Ver Perfil', 'Poupanças ★', 'CMV ★'],
    sistema: ['Configurações', 'Gestão de equipos ★', 'Integrações ★'],
  });
});

test('Personal unlocks Poupanças; CMV, teams and integrations stay premium', () => {
  const sections = drawerSections({ rights: rightsOf('professional'), accountType: 'empresa' });
  expect(labels(sections)).toEqual({
    conta: ['Ver Perfil', 'Poupanças', 'CMV ★'],
    sistema: ['Configurações', 'Gestão de equipos ★', 'Integrações ★'],
  });
});

test('an enterprise plan unlocks CMV, teams and integrations', () => {
  for (const planId of ['enterprise_500', 'enterprise_1000'] as const) {
    const sections = drawerSections({ rights: rightsOf(planId), accountType: 'particular' });
    expect(labels(sections)).toEqual({
      conta: ['Ver Perfil', 'Poupanças', 'CMV'],
      sistema: ['Configurações', 'Gestão de equipos', 'Integrações'],
    });
  }
});

test('an actor without the savings permission does not see Poupanças', () => {
  const sections = drawerSections({
    rights: rightsOf('professional', { kind: 'sub-user', role: 'manager', subUserId: 's1' }),
    accountType: 'particular',
  });
  expect(sections.conta.map((e) => e.label)).toEqual(['Ver Perfil']);
});

test('every entry links to its protected page', () => {
  const sections = drawerSections({
    rights: rightsOf('enterprise_1000'),
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

test('a Utilizador sees none of the entries its role refuses, premium or not, even in a company', () => {
  for (const planId of ['free', 'enterprise_1000'] as const) {
    const sections = drawerSections({
      rights: rightsOf(planId, { kind: 'sub-user', role: 'user', subUserId: 'u1' }),
      accountType: 'empresa',
    });
    expect(labels(sections)).toEqual({ conta: ['Ver Perfil'], sistema: [] });
  }
});

test('a Gestor of a company sees CMV (premium only where the plan lacks it) and no system entry', () => {
  const manager = { kind: 'sub-user', role: 'manager', subUserId: 'm1' } as const;
  expect(
    labels(drawerSections({ rights: rightsOf('enterprise_500', manager), accountType: 'empresa' })),
  ).toEqual({ conta: ['Ver Perfil', 'CMV'], sistema: [] });
  expect(
    labels(drawerSections({ rights: rightsOf('professional', manager), accountType: 'empresa' })),
  ).toEqual({ conta: ['Ver Perfil', 'CMV ★'], sistema: [] });
});

test('an Administrador sees what the account holder sees; a member acts by the same role table', () => {
  const admin = { kind: 'sub-user', role: 'administrator', subUserId: 'a1' } as const;
  expect(
    labels(drawerSections({ rights: rightsOf('enterprise_1000', admin), accountType: 'empresa' })),
  ).toEqual(
    labels(drawerSections({ rights: rightsOf('enterprise_1000'), accountType: 'empresa' })),
  );
  const member = { kind: 'member', role: 'user', userId: 'p1' } as const;
  expect(
    labels(drawerSections({ rights: rightsOf('enterprise_1000', member), accountType: 'empresa' })),
  ).toEqual({ conta: ['Ver Perfil'], sistema: [] });
});
