import { WifiOff } from 'lucide-react';
import { useIsOnline } from '#web/lib/use-is-online.ts';
import { PWA_MESSAGES } from '../messages.ts';

/** Above every page while the device is offline; the live region says so when it happens. */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div role="status" aria-live="polite">
      {isOnline ? null : (
        <div
          className="border-b border-amber-300 bg-amber-100 px-4 py-2.5 text-sm text-amber-950"
          data-testid="offline-banner"
        >
          <p className="mx-auto flex max-w-7xl items-start gap-2">
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <strong className="font-semibold">{PWA_MESSAGES.offlineTitle}</strong>{' '}
              {PWA_MESSAGES.offlineText}
            </span>
          </p>
        </div>
      )}
    </div>
  );
}
