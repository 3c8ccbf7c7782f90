import { NewInvoiceForm } from '#web/features/invoices/components/new-invoice-form.tsx';
import { NEW_INVOICE_MESSAGES } from '#web/features/invoices/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function NewInvoicePage() {
  return (
    <SignedInFrame title={NEW_INVOICE_MESSAGES.pageTitle}>
      <NewInvoiceForm />
    </SignedInFrame>
  );
}
