// The profile drawer's menu (spec accounts §2 "Profile side drawer" and §6), from the rights
// the server resolved for whoever acts (useCan): the role decides what is shown — an entry its
// role refuses is not there at all, whatever the plan; companies always see CMV and Integrações
// when the role allows them, with a premium marker when only the plan refuses; Gestão de
// equipos carries the spec's needsUpgrade marker.
import type { AccountType } from '#shared/domain.ts';
import type { Capability } from '#shared/capabilities.ts';
import type { CapabilityView } from '#web/lib/use-can.ts';

export type DrawerPath =
  '/meu-perfil' | '/poupancas' | '/cmv' | '/configuracoes' | '/gestao-equipas' | '/integracoes';

export type DrawerEntry = { label: string; to: DrawerPath; isPremium: boolean };
export type DrawerSections = { conta: DrawerEntry[]; sistema: DrawerEntry[] };

type DrawerInput = { rights: CapabilityView; accountType: AccountType };

/**
 * Shown when allowed, or — marked premium — when only the plan refuses and the account is a
 * company (§6). A role that may not use it never sees it.
 */
function companyGated(
  label: string,
  to: DrawerPath,
  capability: Capability,
  { rights, accountType }: DrawerInput,
) {
  if (rights.can(capability)) return [{ label, to, isPremium: false }];
  const isPlanOnly = rights.isRoleAllowed(capability);
  return isPlanOnly && accountType === 'empresa' ? [{ label, to, isPremium: true }] : [];
}

export function drawerSections(input: DrawerInput): DrawerSections {
  const { rights } = input;
  const conta: DrawerEntry[] = [{ label: 'Ver Perfil', to: '/meu-perfil', isPremium: false }];
  // "Poupanças (needs the savings permission)": the role's flag, whatever the plan; marked
  // premium where the plan lacks savings (the spec's needsUpgrade for savings on free).
  if (rights.isRoleAllowed('savings.view')) {
    conta.push({ label: 'Poupanças', to: '/poupancas', isPremium: rights.needsUpgrade('savings') });
  }
  conta.push(...companyGated('CMV', '/cmv', 'cmv.view', input));

  const sistema: DrawerEntry[] = [];
  if (rights.can('settings.manage')) {
    sistema.push({ label: 'Configurações', to: '/configuracoes', isPremium: false });
  }
  // The spec's own spelling ('equipos'); the page needs the enterprise plan (§6).
  if (rights.isRoleAllowed('team.manage')) {
    sistema.push({
      label: 'Gestão de equipos',
      to: '/gestao-equipas',
      isPremium: rights.needsUpgrade('teamManagement'),
    });
  }
  sistema.push(...companyGated('Integrações', '/integracoes', 'integrations.view', input));
  return { conta, sistema };
}
