// Who last signed in on this device (ADR 029): enough for the app to open offline as that
// person's shell — the header, the navigation their rights allow — and for invoices typed
// offline to name their owner. Not a credential: the server checks the session cookie on
// every request. Written once a signed-in page is idle, read only when the server cannot be
// reached (so none of it weighs on a page's first load); signing out forgets it.
import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from './query-keys.ts';
import { DEVICE_USER_STORAGE_KEY as STORAGE_KEY } from './device-user-key.ts';
import type { Session } from './session.ts';

export type DeviceUser = {
  user: Session['user'];
  /** The account the person last acted in, once a profile named it. */
  accountId: string | null;
  /** The last GET /api/profile answer, without its expiring photo URL. */
  profile: Record<string, unknown> | null;
};

// Storage may be blocked or full: the app then simply does not open offline.
export function readDeviceUser(): DeviceUser | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as DeviceUser | null;
    return typeof parsed?.user?.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** After a signed-in page loaded who acts here; `profile` when the server sent one. */
export function rememberDeviceUser(
  user: Session['user'],
  profile: { accountId: string } | null,
): void {
  const known = readDeviceUser();
  const kept = known?.user.id === user.id ? known : null;
  const device: DeviceUser = {
    user: { id: user.id, email: user.email, name: user.name ?? null },
    accountId: profile?.accountId ?? kept?.accountId ?? null,
    profile: profile ? { ...profile, photoUrl: null } : (kept?.profile ?? null),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
  } catch {
    // Nothing kept: online the app works the same.
  }
}

/** The server cannot be reached: the device's last user, if any signed in here. */
export function offlineSession(): Session | null {
  const device = readDeviceUser();
  if (!device) return null;
  return { user: device.user, session: { id: 'offline', expiresAt: '' }, isOffline: true };
}

/**
 * Opened offline: the profile last seen here stands in for the one the server cannot send,
 * so the header and the navigation show what this person may use. Stale from the start: the
 * server's answer replaces it as soon as the connection returns (refetch on reconnect).
 */
export function standInProfile(queryClient: QueryClient, session: Session): void {
  if (queryClient.getQueryData(profileKeys.all) !== undefined) return;
  const device = readDeviceUser();
  if (device?.user.id === session.user.id && device.profile) {
    queryClient.setQueryData(profileKeys.all, device.profile, { updatedAt: 0 });
  }
}
