import type { PlanId } from '#shared/plans.ts';
import type { SignUpData } from '#shared/schemas/auth.ts';
import { authRequest } from '#web/lib/auth-client.ts';

export type SignUpResponse = { status: 'verification_required'; email: string };

/** Our sign-up endpoint: validates again, creates the account and sends the verification email. */
export function signUp(input: SignUpData & { plan?: PlanId }) {
  return authRequest<SignUpResponse>('/api/account/sign-up', { body: input });
}
