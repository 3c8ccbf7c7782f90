import { CloudOff } from 'lucide-react';
import { useIsOnline } from '#web/lib/use-is-online.ts';
import { OFFLINE_INVOICE_MESSAGES } from '../offline-messages.ts';

/**
 * While offline, on the screens that make invoices (ADR 029): what happens to a save, and on
 * the scanner that photos and PDFs need the server (the QR code is read on the device).
 */
export function OfflineCaptureNote({ screen }: { screen: 'form' | 'scanner' }) {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <p
      className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="offline-capture-note"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      {screen === 'form'
        ? OFFLINE_INVOICE_MESSAGES.formOffline
        : OFFLINE_INVOICE_MESSAGES.photosLater}
    </p>
  );
}
