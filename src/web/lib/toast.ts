import type { ExternalToast } from 'sonner';

// sonner costs about 9 KB gzip, too much for the /home and / budgets (DESIGN.md "Budgets"),
// so every page calls `toast` from here, never sonner itself: the toaster is loaded the first
// time something asks for a toast, or when the browser is idle on a signed-in page
// (protected-layout.tsx), so that a toast shown later, offline included, finds it loaded.
// sonner replays toasts created before the Toaster subscribes.

let isRequested = false;
const listeners = new Set<() => void>();

/** Mounts the app's Toaster (idempotent). */
export function requestToaster(): void {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterRequested(): boolean {
  return isRequested;
}

type ToastKind = 'message' | 'success' | 'info' | 'warning' | 'error';

async function show(kind: ToastKind, title: string, options?: ExternalToast): Promise<void> {
  requestToaster();
  const { toast: sonner } = await import('sonner');
  if (kind === 'message') sonner(title, options);
  else sonner[kind](title, options);
}

async function dismiss(id: string | number): Promise<void> {
  // Nothing to dismiss if sonner was never asked for a toast.
  if (!isRequested) return;
  const { toast: sonner } = await import('sonner');
  sonner.dismiss(id);
}

export const toast = {
  dismiss,
  message: (title: string, options?: ExternalToast) => show('message', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
};
