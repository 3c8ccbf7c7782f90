// The profile as the API returns it (GET/PATCH /api/profile): the stored photo path becomes
// a signed, expiring URL, and the display name follows the spec's drawer rule.
import type { AccountType, InvoiceViewMode } from '#shared/domain.ts';
import { fallbackNameFromEmail } from '#shared/schemas/auth.ts';
import { planAccessOf, type PlanId } from '#shared/plans.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import type { ProfileRecord } from './profile.queries.ts';

export type ProfileResponse = {
  accountId: string;
  email: string;
  fullName: string | null;
  companyName: string | null;
  personalNif: string | null;
  companyNif: string | null;
  phone: string | null;
  accountType: AccountType;
  invoiceViewMode: InvoiceViewMode;
  pushNotifications: boolean;
  photoUrl: string | null;
  planId: PlanId;
  monthlyInvoiceLimit: number;
  teamManagementEnabled: boolean;
  displayName: string;
};

/** Company name for a company, else the full name, else the email's local part. */
export function displayNameOf(p: {
  accountType: AccountType;
  fullName: string | null;
  companyName: string | null;
  email: string;
}): string {
  if (p.accountType === 'empresa' && p.companyName) return p.companyName;
  return p.fullName || p.companyName || fallbackNameFromEmail(p.email);
}

export function toProfileResponse(
  { profile, account, subscription }: ProfileRecord,
  storage: Storage,
  now: Date = new Date(),
): ProfileResponse {
  const access = planAccessOf(subscription, now);
  return {
    accountId: profile.accountId,
    email: profile.email,
    fullName: profile.fullName,
    companyName: profile.companyName,
    personalNif: profile.personalNif,
    companyNif: profile.companyNif,
    phone: profile.phone,
    accountType: profile.accountType,
    invoiceViewMode: profile.invoiceViewMode,
    pushNotifications: profile.pushNotifications,
    photoUrl: profile.photoPath ? storage.signedUrl(profile.photoPath) : null,
    planId: access.planId,
    monthlyInvoiceLimit: access.monthlyInvoiceLimit,
    teamManagementEnabled: account.teamManagementEnabled,
    displayName: displayNameOf(profile),
  };
}
