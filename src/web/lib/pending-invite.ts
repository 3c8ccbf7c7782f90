// An invitation link (`/auth?invite_token=…`, spec accounts §4 "Authentication") is kept in
// local storage, so it outlives a sign-up, the email verification in another tab and a Google
// round trip; it is accepted once its person is signed in. Plain and tiny: /auth's guard in
// the entry chunk stores it.

/**
 * #shared/team.ts's PENDING_INVITE_STORAGE_KEY, spelled again: that module brings zod, which
 * the entry chunk must not carry (DESIGN.md "Budgets"). pending-invite.test.ts keeps them equal.
 */
export const PENDING_INVITE_KEY = 'pending_team_invite_token';
/** #shared/team.ts's INVITATION_DELAY_MS (spec §9 "post-login invitation delay 1000 ms"). */
export const PENDING_INVITE_DELAY_MS = 1_000;

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const listeners = new Set<() => void>();

function storage(): TokenStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a private window's policy): the link then works only in this page.
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Bounded like every value read from the address; anything else is ignored. */
function isToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(value);
}

export function storePendingInvite(token: unknown, store = storage()): void {
  if (!isToken(token) || !store) return;
  store.setItem(PENDING_INVITE_KEY, token);
  notify();
}

export function readPendingInvite(store = storage()): string | null {
  const token = store?.getItem(PENDING_INVITE_KEY) ?? null;
  return isToken(token) ? token : null;
}

export function clearPendingInvite(store = storage()): void {
  store?.removeItem(PENDING_INVITE_KEY);
  notify();
}

/** For useSyncExternalStore: called when this page stores or clears the token. */
export function subscribeToPendingInvite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
