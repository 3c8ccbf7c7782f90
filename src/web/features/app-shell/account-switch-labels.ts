// The drawer's 'Contas' (issue 18.5): the accounts one person may act in, and how each is named.
import { ROLE_LABELS, type SubUserRole } from '#shared/permissions.ts';

export const ACCOUNT_SWITCH_MESSAGES = {
  title: 'Contas',
  ownAccount: 'Conta própria',
  current: 'Conta atual',
  switched: (name: string) => `Está agora na conta ${name}`,
  switchFailed: 'Não foi possível mudar de conta.',
  loadFailed: 'Não foi possível carregar as suas contas.',
} as const;

export type AccountRole = 'owner' | SubUserRole;

/** 'Conta própria' for one's own account, otherwise the role held in it. */
export function accountRoleLabel(role: AccountRole): string {
  return role === 'owner' ? ACCOUNT_SWITCH_MESSAGES.ownAccount : ROLE_LABELS[role];
}

/** The list is shown only when there is somewhere else to go. */
export function hasOtherAccounts(accounts: readonly unknown[] | undefined): boolean {
  return (accounts?.length ?? 0) > 1;
}
