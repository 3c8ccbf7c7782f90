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
