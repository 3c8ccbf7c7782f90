import { useState } from 'react';
import { OpenInvoiceSheet } from './open-invoice-sheet.tsx';

type InvoiceSheetProps = { invoiceId: string | undefined; onClose(): void };

/**
 * The invoice detail bottom sheet (spec invoice-work §2), open while `invoiceId` is set.
 * Each opening starts afresh in view mode. Once closing, nothing more is fetched and the
 * last content stays on screen while the sheet slides away.
 */
export function InvoiceSheet({ invoiceId, onClose }: InvoiceSheetProps) {
  const [shownId, setShownId] = useState(invoiceId);
  const [openings, setOpenings] = useState(0);
  const [isClosing, setIsClosing] = useState(false);
  const [previousId, setPreviousId] = useState(invoiceId);
  if (invoiceId !== previousId) {
    setPreviousId(invoiceId);
    setIsClosing(false);
    if (invoiceId !== undefined) {
      setShownId(invoiceId);
      setOpenings((count) => count + 1);
    }
  }

  if (shownId === undefined) return null;
  // A new key per opening: the sheet mounts open (and slides in) with fresh state.
  return (
    <OpenInvoiceSheet
      key={`${shownId}:${openings}`}
      invoiceId={shownId}
      isOpen={invoiceId === shownId && !isClosing}
      onClose={() => {
        setIsClosing(true);
        onClose();
      }}
    />
  );
}
