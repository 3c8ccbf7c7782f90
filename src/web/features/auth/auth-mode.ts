// Which /auth screen to show, derived from the address (spec accounts §2 "Query handling").
import { isPlanId, type PlanId } from '#shared/plans.ts';

export type AuthMode =
  'login' | 'request-reset' | 'reset-password' | 'check-email' | 'verification-success';

type ModeSearch = {
  verification?: 'success' | undefined;
  email?: string | undefined;
  purpose?: 'verification' | 'reset' | undefined;
};

export function modeFromLocation(pathname: string, search: ModeSearch): AuthMode {
  if (pathname.includes('reset-password')) return 'reset-password';
  if (search.verification === 'success') return 'verification-success';
  if (search.email && search.purpose) return 'check-email';
  // `/auth?purpose=reset` without an email: the "forgot password" form (the link in the
  // notice an owner gets when someone signs up with their email).
  if (search.purpose === 'reset') return 'request-reset';
  return 'login';
}

/** Tokens in the address belong to the callback page, which reads the same query. */
export function shouldForwardToCallback(search: {
  access_token?: string | undefined;
  refresh_token?: string | undefined;
}): boolean {
  return Boolean(search.access_token && search.refresh_token);
}

export type PostSignInTarget =
  { to: '/' } | { to: '/subscription'; search: { autostart: Exclude<PlanId, 'free'> } };

/**
 * Spec accounts §4 "Sign-up outcome": a stored paid plan opens the subscription screen
 * with it; no plan, the free plan or an unknown value go to the home page.
 */
export function postSignUpTarget(storedPlan: string | null): PostSignInTarget {
  if (isPlanId(storedPlan) && storedPlan !== 'free') {
    return { to: '/subscription', search: { autostart: storedPlan } };
  }
  return { to: '/' };
}
