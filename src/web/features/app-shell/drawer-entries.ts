// The profile drawer's menu (spec accounts §2 "Profile side drawer" and §6): the actor's
// permissions decide what is allowed; companies always see CMV and Integrações, with a
// premium marker when the plan lacks them.
import type { AccountType } from '#shared/domain.ts';
import type { Permissions } from '#shared/permissions.ts';
import { getPlanFeatures, type PlanAccess } from '#shared/plans.ts';

export type DrawerPath =
  '/meu-perfil' | '/poupancas' | '/cmv' | '/configuracoes' | '/gestao-equipas' | '/integracoes';

export type DrawerEntry = { label: string; to: DrawerPath; isPremium: boolean };
export type DrawerSections = { conta: DrawerEntry[]; sistema: DrawerEntry[] };

type DrawerInput = { permissions: Permissions; access: PlanAccess; accountType: AccountType };

/** Shown when allowed, or — marked premium — when the account is a company (§6). */
function companyGated(label: string, to: DrawerPath, isAllowed: boolean, isCompany: boolean) {
  if (isAllowed) return [{ label, to, isPremium: false }];
  return isCompany ? [{ label, to, isPremium: true }] : [];
}

export function drawerSections({ permissions, access, accountType }: DrawerInput): DrawerSections {
  const plan = getPlanFeatures(access);
  const isCompany = accountType === 'empresa';
  const conta: DrawerEntry[] = [{ label: 'Ver Perfil', to: '/meu-perfil', isPremium: false }];
  if (permissions.canAccessPoupancas) {
    conta.push({ label: 'Poupanças', to: '/poupancas', isPremium: false });
  }
  conta.push(...companyGated('CMV', '/cmv', permissions.canAccessCMV && plan.cmv, isCompany));

  const sistema: DrawerEntry[] = [
    { label: 'Configurações', to: '/configuracoes', isPremium: false },
    // The spec's own spelling ('equipos'); the page needs the enterprise plan (§6).
    { label: 'Gestão de equipos', to: '/gestao-equipas', isPremium: !plan.teamManagement },
    ...companyGated(
      'Integrações',
      '/integracoes',
      permissions.canAccessIntegrations && plan.integrations,
      isCompany,
    ),
  ];
  return { conta, sistema };
}
