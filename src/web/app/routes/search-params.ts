import { isNewAccountFlag, NEW_ACCOUNT_PARAM } from '#shared/google-sign-in.ts';
import { isPlanId, type PlanId } from '#shared/plans.ts';

// Parsed by hand rather than with zod: this runs in the entry chunk, and zod's core would
// cost about 6 KB gzip of the 120 KB budget for /home (DESIGN.md "Budgets").

export type AuthPurpose = 'verification' | 'reset';

/** Spec accounts §2 "/auth screen" query handling, plus the reset link's `token`/`error`. */
export type AuthSearch = {
  plan?: PlanId;
  signup?: boolean;
  verification?: 'success';
  email?: string;
  purpose?: AuthPurpose;
  access_token?: string;
  refresh_token?: string;
  token?: string;
  error?: string;
  error_description?: string;
  /** A team invitation link (issue 18): kept until its person is signed in, then accepted. */
  invite_token?: string;
};

/** `?signup=true` arrives as the boolean `true` (the router JSON-parses values) or as text. */
function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Free text from the address, bounded; a token made only of digits arrives as a number. */
function parseText(value: unknown, max: number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

function parseEmail(value: unknown): string | undefined {
  const text = parseText(value, 254);
  return text && /^[^\s@]+@[^\s@]+$/.test(text) ? text : undefined;
}

function parsePurpose(value: unknown): AuthPurpose | undefined {
  return value === 'verification' || value === 'reset' ? value : undefined;
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
    verification: search.verification === 'success' ? 'success' : undefined,
    email: parseEmail(search.email),
    purpose: parsePurpose(search.purpose),
    access_token: parseText(search.access_token, 4096),
    refresh_token: parseText(search.refresh_token, 4096),
    token: parseText(search.token, 512),
    error: parseText(search.error, 300),
    error_description: parseText(search.error_description, 300),
    invite_token: parseText(search.invite_token, 200),
  };
}

/** /auth/callback: the verification result, and tokens forwarded from /auth. */
export type AuthCallbackSearch = Pick<
  AuthSearch,
  'error' | 'error_description' | 'access_token' | 'refresh_token'
>;

export function parseAuthCallbackSearch(search: Record<string, unknown>): AuthCallbackSearch {
  return {
    error: parseText(search.error, 300),
    error_description: parseText(search.error_description, 300),
    access_token: parseText(search.access_token, 4096),
    refresh_token: parseText(search.refresh_token, 4096),
  };
}

export type SubscriptionSearch = { autostart?: PlanId };

export function parseSubscriptionSearch(search: Record<string, unknown>): SubscriptionSearch {
  return { autostart: isPlanId(search.autostart) ? search.autostart : undefined };
}

/**
 * `/?fatura=<id>`: the dashboard with that invoice's detail sheet open (duplicate links …).
 * `/?novo=1`: back from a Google sign-in that created the account (#shared/google-sign-in.ts).
 */
export type DashboardSearch = { fatura?: string; novo?: true };

export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const id = parseText(search.fatura, 64);
  return {
    fatura: id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined,
    novo: isNewAccountFlag(search[NEW_ACCOUNT_PARAM]) ? true : undefined,
  };
}

/** `/nova-fatura?pendente=<id>`: an invoice kept on the device, refused, opened to be fixed. */
export type NewInvoiceSearch = { pendente?: string };

export function parseNewInvoiceSearch(search: Record<string, unknown>): NewInvoiceSearch {
  const pendente = parseText(search.pendente, 64);
  return pendente ? { pendente } : {};
}
