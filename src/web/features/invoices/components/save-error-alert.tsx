import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ApiError } from '#web/lib/call-api.ts';
import { existingInvoiceId } from '../api/create-invoice.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';

const linkClassName = 'font-semibold text-red-900 underline underline-offset-2 hover:text-red-950';

/** What the server refused, with the way out: the registered duplicate, or the plans. */
function ErrorAction({ error }: { error: ApiError }) {
  const existingId = error.code === 'DUPLICATE_INVOICE' ? existingInvoiceId(error) : null;
  if (existingId) {
    return (
      // The dashboard opens the invoice named by ?fatura= (its detail sheet lands later).
      <Link to="/" search={{ fatura: existingId }} className={linkClassName}>
        {NEW_INVOICE_MESSAGES.viewExisting}
      </Link>
    );
  }
  if (error.code === 'MONTHLY_LIMIT_REACHED') {
    return (
      <Link to="/subscription" className={linkClassName}>
        {NEW_INVOICE_MESSAGES.changePlan}
      </Link>
    );
  }
  return null;
}

/** Shown above the buttons; takes focus so keyboard and screen-reader users hear it. */
export function SaveErrorAlert({ error }: { error: ApiError }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [error]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 focus:outline-none"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p>{error.message}</p>
        <ErrorAction error={error} />
      </div>
    </div>
  );
}
