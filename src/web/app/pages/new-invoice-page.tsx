import { getRouteApi } from '@tanstack/react-router';
import { NewInvoiceForm } from '#web/features/invoices/components/new-invoice-form.tsx';
import { NEW_INVOICE_MESSAGES } from '#web/features/invoices/messages.ts';
import { RefusedInvoiceEditor } from '#web/features/invoices/offline/components/refused-invoice-editor.tsx';
import { SignedInFrame } from './signed-in-frame.tsx';

const newInvoiceRoute = getRouteApi('/app/protected/nova-fatura');

export function NewInvoicePage() {
  const pendingId = newInvoiceRoute.useSearch({ select: (search) => search.pendente });
  return (
    <SignedInFrame title={NEW_INVOICE_MESSAGES.pageTitle}>
      {pendingId ? <RefusedInvoiceEditor pendingId={pendingId} /> : <NewInvoiceForm />}
    </SignedInFrame>
  );
}
