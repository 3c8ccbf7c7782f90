// What an actor may do in an account on its plan (spec accounts §6, ADR 017): one table maps
// each capability to the role flag it needs (#shared/permissions.ts) and, where it has one, the
// plan feature it needs (#shared/plans.ts `getPlanFeatures`). The server's routes declare
// `requireCapability(...)` and its data-dependent checks call `can`; the web reads the same
// answers, resolved by the server, from /api/profile (`useCan`), only to hide or mark what the
// server would refuse. Capabilities whose screens do not exist yet are here already, so a later
// route only declares one.
import { permissionsFor, type Actor, type PermissionKey } from './permissions.ts';
import {
  cheapestPlanWith,
  getPlanFeatures,
  needsUpgrade,
  PLAN_FEATURE_FLAGS,
  PLANS,
  type PlanAccess,
  type PlanFeatureFlag,
  type PlanId,
} from './plans.ts';

export type CapabilityRule = {
  /** The role flag the actor needs (the main user has them all). */
  permission: PermissionKey;
  /** The plan feature the account needs; none: every plan has it. */
  feature?: PlanFeatureFlag;
  /** Only the account holder (the main user), never a sub-user, administrators included. */
  mainUserOnly?: true;
};

export const CAPABILITIES = {
  'resumo.view': { permission: 'canAccessResumo' },
  'analytics.view': { permission: 'canViewAnalytics' },
  'invoices.view': { permission: 'canAccessFacturas' },
  'invoices.viewAll': { permission: 'canViewAllFacturas' },
  'invoices.create': { permission: 'canCreateFacturas' },
  'invoices.edit': { permission: 'canEditFacturas' },
  'invoices.delete': { permission: 'canDeleteFacturas' },
  /** A second (and further) photo of one invoice; how many is the plan's imagesPerInvoice. */
  'invoices.multipleImages': { permission: 'canEditFacturas', feature: 'multipleImages' },
  'suppliers.view': { permission: 'canAccessFornecedores' },
  'suppliers.viewAll': { permission: 'canViewAllFornecedores' },
  'suppliers.create': { permission: 'canCreateFornecedores' },
  'suppliers.edit': { permission: 'canEditFornecedores' },
  'suppliers.delete': { permission: 'canDeleteFornecedores' },
  /** Setting or changing a supplier's spending limit. */
  'suppliers.spendingLimits': { permission: 'canEditFornecedores', feature: 'spendingLimits' },
  'scanner.use': { permission: 'canAccessScanner' },
  /** The spec's autoComplete: the scanner looks the supplier up by NIF and fills it in. */
  'scanner.autoComplete': { permission: 'canAccessScanner', feature: 'autoComplete' },
  /** Creating, editing and deleting the account's own categories. */
  'categories.manage': { permission: 'canManageCategories', feature: 'customCategories' },
  'savings.view': { permission: 'canAccessPoupancas', feature: 'savings' },
  'cmv.view': { permission: 'canAccessCMV', feature: 'cmv' },
  'team.manage': { permission: 'canManageTeam', feature: 'teamManagement' },
  /**
   * Setting or changing the main user's PIN: the holder's alone (an Administrador profile that
   * could change it would take the account over on a shared device).
   */
  'team.mainPin': { permission: 'canManageTeam', feature: 'teamManagement', mainUserOnly: true },
  'integrations.view': { permission: 'canAccessIntegrations', feature: 'integrations' },
  'integrations.configure': { permission: 'canConfigureIntegrations', feature: 'integrations' },
  'exports.create': { permission: 'canExportData', feature: 'exports' },
  'settings.manage': { permission: 'canAccessConfiguracoes' },
  /** The subscription: checkout, plan changes, the provider's portal (main user, administrator). */
  'billing.manage': { permission: 'canAccessConfiguracoes' },
  /**
   * The account's own data (GDPR access, portability, erasure): download all of it, delete the
   * account. The holder's alone, on every plan: a right, not a feature.
   */
  'account.manage': { permission: 'canAccessConfiguracoes', mainUserOnly: true },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && Object.hasOwn(CAPABILITIES, value);
}

/** The feature a capability needs, if any (the table's `as const` drops absent keys). */
export function featureOf(capability: Capability): PlanFeatureFlag | undefined {
  const rule: CapabilityRule = CAPABILITIES[capability];
  return rule.feature;
}

/** Who acts, and the plan the account has now: what `can` decides on. */
export type AccessScope = { actor: Actor; plan: PlanAccess };

export type CapabilityDecision =
  | { kind: 'allowed' }
  /** The actor's role lacks the flag; no plan would change that. */
  | { kind: 'forbidden' }
  /** The role allows it and the plan does not: `requiredPlan` is the cheapest that does. */
  | { kind: 'plan-required'; feature: PlanFeatureFlag; requiredPlan: PlanId };

/** The one check: the role first (an upgrade cannot help a role), then the plan. */
export function can(scope: AccessScope, capability: Capability): CapabilityDecision {
  const rule: CapabilityRule = CAPABILITIES[capability];
  if (rule.mainUserOnly && scope.actor.kind !== 'main') return { kind: 'forbidden' };
  if (!permissionsFor(scope.actor)[rule.permission]) return { kind: 'forbidden' };
  const feature = featureOf(capability);
  if (feature !== undefined && !getPlanFeatures(scope.plan)[feature]) {
    return { kind: 'plan-required', feature, requiredPlan: cheapestPlanWith(feature) };
  }
  return { kind: 'allowed' };
}

export function isAllowed(scope: AccessScope, capability: Capability): boolean {
  return can(scope, capability).kind === 'allowed';
}

/** The rights of a scope as /api/profile sends them to the web (read by `useCan`). */
export type ResolvedCapabilities = {
  capabilities: Record<Capability, boolean>;
  /** Capabilities the role allows and the plan does not, with the cheapest plan that does. */
  planRequired: Partial<Record<Capability, PlanId>>;
  /** The spec's premium markers (needsUpgrade), per plan feature. */
  needsUpgrade: Record<PlanFeatureFlag, boolean>;
  imagesPerInvoice: number;
};

export function resolveCapabilities(scope: AccessScope): ResolvedCapabilities {
  const capabilities = {} as Record<Capability, boolean>;
  const planRequired: Partial<Record<Capability, PlanId>> = {};
  for (const capability of CAPABILITY_NAMES) {
    const decision = can(scope, capability);
    capabilities[capability] = decision.kind === 'allowed';
    if (decision.kind === 'plan-required') planRequired[capability] = decision.requiredPlan;
  }
  const markers = {} as Record<PlanFeatureFlag, boolean>;
  for (const feature of PLAN_FEATURE_FLAGS) markers[feature] = needsUpgrade(feature, scope.plan);
  return {
    capabilities,
    planRequired,
    needsUpgrade: markers,
    imagesPerInvoice: getPlanFeatures(scope.plan).imagesPerInvoice,
  };
}

// ——— The refusals' words (pt-PT) and the upgrade hint ———

export const FORBIDDEN_MESSAGE = 'Não tem permissão para esta ação.';

/** Each feature as the subject of "… disponível a partir do plano X". */
const FEATURE_PHRASES = {
  savings: 'Os objetivos de poupança estão disponíveis',
  spendingLimits: 'Os limites de despesa estão disponíveis',
  teamManagement: 'A gestão de equipas está disponível',
  cmv: 'O CMV e as vendas estão disponíveis',
  integrations: 'As integrações estão disponíveis',
  multipleImages: 'Várias fotografias por fatura estão disponíveis',
  autoComplete: 'A captura automática de NIF está disponível',
  customCategories: 'As categorias personalizadas estão disponíveis',
  exports: 'A exportação para Sheets e Excel está disponível',
} as const satisfies Record<PlanFeatureFlag, string>;

/** e.g. 'Os limites de despesa estão disponíveis a partir do plano Personal.' */
export function planRequiredMessage(feature: PlanFeatureFlag, requiredPlan: PlanId): string {
  return `${FEATURE_PHRASES[feature]} a partir do plano ${PLANS[requiredPlan].name}.`;
}

/** Where the web sends someone to get `plan`: /subscription starts its checkout at once. */
export function upgradeUrl(plan: PlanId): string {
  return `/subscription?autostart=${plan}`;
}
