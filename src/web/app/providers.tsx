import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { isToasterRequested, subscribeToToasterRequest } from '#web/lib/toast.ts';

const AppToaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.AppToaster })));

/** Mounts sonner's Toaster only once a toast is wanted (see lib/toast.ts). */
function DeferredToaster() {
  const isRequested = useSyncExternalStore(
    subscribeToToasterRequest,
    isToasterRequested,
    isToasterRequested,
  );
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToaster />
    </>
  );
}
