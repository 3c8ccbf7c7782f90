import { FileQuestion, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { INVOICE_SHEET_MESSAGES } from '../../messages.ts';

const block = 'animate-pulse rounded-xl bg-slate-100';

/** The sheet's shape while the invoice loads, so nothing jumps when it arrives. */
export function InvoiceSheetSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{INVOICE_SHEET_MESSAGES.loading}</span>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden>
        <div className={`${block} col-span-2 h-20 sm:col-span-1`} />
        <div className={`${block} h-20`} />
        <div className={`${block} h-20`} />
        <div className={`${block} col-span-2 h-16 sm:col-span-3`} />
      </div>
      <div className={`${block} h-10`} aria-hidden />
      <div className={`${block} h-40`} aria-hidden />
    </div>
  );
}

type InvoiceSheetErrorProps = { isNotFound: boolean; message: string; onRetry: () => void };

/**
 * An unknown invoice (or another account's) and a failed load, each with a way to retry;
 * the sheet's title says which.
 */
export function InvoiceSheetError({ isNotFound, message, onRetry }: InvoiceSheetErrorProps) {
  const Icon = isNotFound ? FileQuestion : TriangleAlert;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden />
      {!isNotFound && message !== INVOICE_SHEET_MESSAGES.loadFailed ? (
        <p className="max-w-sm text-sm text-slate-700">{message}</p>
      ) : null}
      <p className="max-w-sm text-sm text-slate-600">
        {isNotFound ? INVOICE_SHEET_MESSAGES.notFound : INVOICE_SHEET_MESSAGES.loadFailedHint}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {INVOICE_SHEET_MESSAGES.retry}
      </Button>
    </div>
  );
}
