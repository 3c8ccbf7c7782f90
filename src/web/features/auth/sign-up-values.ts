import type { SignUpInput } from '#shared/schemas/auth.ts';

export const EMPTY_SIGN_UP: SignUpInput = {
  accountType: 'particular',
  fullName: '',
  personalNif: '',
  companyName: '',
  companyNif: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/**
 * The fields of the other account type stay in the form (switching back keeps what was
 * typed) but are blanked before validation and sending, so a hidden field never blocks
 * the submit nor reaches the server.
 */
export function visibleSignUpValues(values: SignUpInput): SignUpInput {
  return values.accountType === 'empresa'
    ? { ...values, fullName: null, personalNif: null }
    : { ...values, companyName: null, companyNif: null };
}
