// Where the device's last user is kept (ADR 029), apart from the rest of device-user.ts so that
// signing out — on every signed-in page — forgets it without loading the offline code.
export const DEVICE_USER_STORAGE_KEY = 'papelada.device-user';

/** Signing out: the app no longer opens offline as this person. */
export function forgetDeviceUser(): void {
  try {
    localStorage.removeItem(DEVICE_USER_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
