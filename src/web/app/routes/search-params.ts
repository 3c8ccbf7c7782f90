import { isPlanId, type PlanId } from '#shared/plans.ts';

// Parsed by hand rather than with zod: this runs in the entry chunk, and zod's core would
// cost about 6 KB gzip of the 120 KB budget for /home (DESIGN.md "Budgets").

export type AuthSearch = { plan?: PlanId; signup?: boolean };

/** `?signup=true` arrives as the boolean `true` (the router JSON-parses values) or as text. */
function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/**
 * A malformed value is dropped rather than breaking the page (e.g. `?plan=gold`). Every key
 * is returned, even as `undefined`: the router merges the result over the raw query, so an
 * omitted key would let the unvalidated value through.
 */
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    plan: isPlanId(search.plan) ? search.plan : undefined,
    signup: parseFlag(search.signup),
  };
}

export type SubscriptionSearch = { autostart?: PlanId };

export function parseSubscriptionSearch(search: Record<string, unknown>): SubscriptionSearch {
  return { autostart: isPlanId(search.autostart) ? search.autostart : undefined };
}
