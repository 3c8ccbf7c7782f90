// Registers /sw.js (ADR 029) and follows its updates: a new build's worker installs in the
// background and waits; the page offers 'Nova versão disponível', and only when the person
// presses 'Atualizar' does the new worker take over and the page reload onto the new build.
import { useSyncExternalStore } from 'react';

/** How often an open app asks whether a new build was deployed. */
const UPDATE_CHECK_MS = 60 * 60_000;

export type UpdateState = 'none' | 'available' | 'updating' | 'dismissed';

let state: UpdateState = 'none';
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

function offer(worker: ServiceWorker): void {
  waitingWorker = worker;
  if (state === 'none') setState('available');
}

/** The new worker takes over; the page reloads when it does (controllerchange below). */
export function applyUpdate(): void {
  if (!waitingWorker) return;
  setState('updating');
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

/** 'Mais tarde': hidden until the next page load, where the waiting version is offered again. */
export function dismissUpdate(): void {
  setState('dismissed');
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js', { scope: '/' });
  // Without a controller this is the first install: nothing older runs, nothing to offer.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  container.addEventListener('controllerchange', () => {
    // Only the page that asked reloads; the first install's takeover changes nothing on screen.
    if (state === 'updating') window.location.reload();
  });
  const check = () => void registration.update().catch(() => {});
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.addEventListener('online', check);
}
