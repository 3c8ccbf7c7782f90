// Who may do what inside an account (spec accounts §6, invoice-work §6). The
// server checks every request through `can`; the web reads the same table only
// to hide what the server would refuse.

export const SUB_USER_ROLES = ['administrator', 'manager', 'user'] as const;
export type SubUserRole = (typeof SUB_USER_ROLES)[number];

/** The role a sub-user gets when none, or an unknown one, is recorded. */
export const DEFAULT_SUB_USER_ROLE: SubUserRole = 'user';

// The spec calls the manager 'Gerente' in one place and 'Gestor' in another; we
// show 'Gestor' and still recognise 'Gerente' when reading a label back.
export const ROLE_LABELS = {
  administrator: 'Administrador',
  manager: 'Gestor',
  user: 'Utilizador',
} as const satisfies Record<SubUserRole, string>;

export const ROLE_LABEL_ALIASES = {
  administrator: ['Administrador'],
  manager: ['Gestor', 'Gerente'],
  user: ['Utilizador'],
} as const satisfies Record<SubUserRole, readonly string[]>;

export const PERMISSION_KEYS = [
  'canAccessResumo',
  'canAccessFacturas',
  'canAccessFornecedores',
  'canAccessCMV',
  'canAccessPoupancas',
  'canAccessIntegrations',
  'canAccessConfiguracoes',
  'canAccessScanner',
  'canCreateFacturas',
  'canEditFacturas',
  'canDeleteFacturas',
  'canViewAllFacturas',
  'canCreateFornecedores',
  'canEditFornecedores',
  'canDeleteFornecedores',
  'canViewAllFornecedores',
  'canManageTeam',
  'canConfigureIntegrations',
  'canViewAnalytics',
  'canManageCategories',
  'canExportData',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Record<PermissionKey, boolean>;

/**
 * Who is acting. 'pending' covers both "profile selection not done yet" and
 * "still loading the team session": the spec grants nothing in either state.
 */
export type Actor =
  | { kind: 'main' }
  | { kind: 'sub-user'; role: SubUserRole; subUserId: string }
  /** A person with their own login acting in an account that is not theirs (issue 18.5). */
  | { kind: 'member'; role: SubUserRole; userId: string }
  | { kind: 'pending' };

function allFlags(value: boolean): Permissions {
  // `fromEntries` loses the key type; PERMISSION_KEYS is the complete key list.
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, value])) as Permissions;
}

const ALL = allFlags(true);
const NONE = allFlags(false);

const ROLE_PERMISSIONS: Readonly<Record<SubUserRole, Readonly<Permissions>>> = {
  administrator: ALL,
  // Everything but deleting, and none of savings, integrations, settings, team,
  // categories or export.
  manager: {
    ...NONE,
    canAccessResumo: true,
    canAccessFacturas: true,
    canAccessFornecedores: true,
    canAccessCMV: true,
    canAccessScanner: true,
    canViewAnalytics: true,
    canCreateFacturas: true,
    canEditFacturas: true,
    canViewAllFacturas: true,
    canCreateFornecedores: true,
    canEditFornecedores: true,
    canViewAllFornecedores: true,
  },
  user: {
    ...NONE,
    canAccessFacturas: true,
    canAccessFornecedores: true,
    canAccessScanner: true,
    canCreateFacturas: true,
    canViewAllFornecedores: true,
    // "Create suppliers" is "not shown" for this role in the accounts matrix;
    // invoice-work §6 settles it: any other role may "create invoices and view all
    // suppliers only". Deny by default. A supplier that the server creates as a
    // side effect of saving an invoice is part of creating the invoice, not this flag.
    canCreateFornecedores: false,
  },
};

/** Reads a stored role id or label; anything unknown is the spec's default, 'user'. */
export function parseRole(value: unknown): SubUserRole {
  if (typeof value !== 'string') return DEFAULT_SUB_USER_ROLE;
  const wanted = value.trim().toLowerCase();
  for (const role of SUB_USER_ROLES) {
    if (role === wanted) return role;
    if (ROLE_LABEL_ALIASES[role].some((label) => label.toLowerCase() === wanted)) return role;
  }
  return DEFAULT_SUB_USER_ROLE;
}

/** A fresh copy, so a caller can never change the table for everyone else. */
export function permissionsFor(actor: Actor): Permissions {
  switch (actor.kind) {
    case 'main':
      return { ...ALL };
    case 'pending':
      return { ...NONE };
    case 'sub-user':
    case 'member':
      // `parseRole` again because the role may come straight from a stored row.
      return { ...ROLE_PERMISSIONS[parseRole(actor.role)] };
  }
}

/** The server's one permission check. */
export function can(actor: Actor, capability: PermissionKey): boolean {
  return permissionsFor(actor)[capability];
}
