/** Device key that carries the plan chosen on the landing page through sign-up (spec §2). */
export const SELECTED_PLAN_KEY = 'selected_plan';

// Storage can throw (private mode, disabled storage); losing the choice is harmless.
export function storeSelectedPlan(planId: string): void {
  try {
    localStorage.setItem(SELECTED_PLAN_KEY, planId);
  } catch {
    /* the sign-up URL still carries ?plan= */
  }
}

export function readSelectedPlan(): string | null {
  try {
    return localStorage.getItem(SELECTED_PLAN_KEY);
  } catch {
    return null;
  }
}

/**
 * Reads the stored choice and forgets it: it leads to checkout once, at the first sign-in
 * after sign-up (the verification link, or the login form), never again.
 */
export function takeSelectedPlan(): string | null {
  const plan = readSelectedPlan();
  try {
    localStorage.removeItem(SELECTED_PLAN_KEY);
  } catch {
    /* nothing stored then */
  }
  return plan;
}
