import type { Profile } from './api/get-profile.ts';

/** The identity fields edited together in the form (preferences save on their own). */
export type ProfileFormValues = {
  fullName: string;
  companyName: string;
  personalNif: string;
  companyNif: string;
  phone: string;
  accountType: Profile['accountType'];
};

/** Text inputs hold '' for "empty"; the shared schema turns '' back into null. */
export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    fullName: profile.fullName ?? '',
    companyName: profile.companyName ?? '',
    personalNif: profile.personalNif ?? '',
    companyNif: profile.companyNif ?? '',
    phone: profile.phone ?? '',
    accountType: profile.accountType,
  };
}
