// The profile as the API returns it (GET/PATCH /api/profile): the stored photo path becomes
// a signed, expiring URL, the display name follows the spec's drawer rule, and the request
// scope's plan and resolved capabilities travel with it (the web's useCan reads them).
import type { AccountType, InvoiceViewMode } from '#shared/domain.ts';
import { resolveCapabilities, type ResolvedCapabilities } from '#shared/capabilities.ts';
import { fallbackNameFromEmail } from '#shared/schemas/auth.ts';
import type { PlanId } from '#shared/plans.ts';
import type { RequestScope } from '#server/features/auth/request-scope.ts';
import { actingOf } from '#server/features/team/acting-profile.ts';
import type { ActingProfile } from '#shared/team.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { openPersonalNif } from '#server/services/crypto/sealed-fields.ts';
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
  /** Who acts in this account now (issue 18): the main user, a PIN profile, a member, or nobody yet. */
  acting: ActingProfile;
} & ResolvedCapabilities;

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
  { profile, account }: ProfileRecord,
  { storage, cipher }: { storage: Storage; cipher: FieldCipher },
  scope: RequestScope,
): ProfileResponse {
  const access = scope.plan;
  return {
    accountId: profile.accountId,
    email: profile.email,
    fullName: profile.fullName,
    companyName: profile.companyName,
    // Sealed at rest (ADR 028); one no key opens is sent as it is stored, shown '(encriptado)'.
    personalNif: openPersonalNif(cipher, profile),
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
    acting: actingOf(scope, displayNameOf(profile)),
    ...resolveCapabilities(scope),
  };
}
