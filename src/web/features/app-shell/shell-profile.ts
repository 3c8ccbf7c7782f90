import type { AccountType } from '#shared/domain.ts';
import type { PlanId } from '#shared/plans.ts';
import type { ActingProfile } from '#shared/team.ts';

/** What the header and drawer need to know about the signed-in account. */
export type ShellProfile = {
  displayName: string;
  email: string;
  photoUrl: string | null;
  accountType: AccountType;
  planId: PlanId;
  monthlyInvoiceLimit: number;
  /** Who acts in this browser (issue 18); unknown until the profile is in. */
  acting?: ActingProfile | undefined;
};

export const ACCOUNT_KIND_LABELS = {
  empresa: 'Conta Empresa',
  particular: 'Conta Pessoal',
} as const satisfies Record<AccountType, string>;
