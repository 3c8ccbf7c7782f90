import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { matchesInvoiceVat } from '#shared/vat-breakdown.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { ApiError } from '#web/lib/call-api.ts';
import { useNewInvoiceForm } from '../hooks/use-new-invoice-form.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';
import { OfflineCaptureNote } from '../offline/components/offline-capture-note.tsx';
import type { PendingExtras, PendingInvoice } from '../offline/pending-invoices.ts';
import { useSaveInvoice } from '../offline/use-save-invoice.ts';
import { AmountFields } from './amount-fields.tsx';
import { DocumentFields } from './document-fields.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { SaveErrorAlert } from './save-error-alert.tsx';
import { SupplierFields } from './supplier-fields.tsx';

/** What the scanner had added, kept while it still fits (the QR's VAT must add up). */
function keptExtras(extras: PendingExtras, vatCents: number): PendingExtras {
  const { vatBreakdown, ...rest } = extras;
  return vatBreakdown && matchesInvoiceVat(vatBreakdown, vatCents) ? extras : rest;
}

/**
 * Manual entry of a supplier invoice (spec invoice-work §2 /nova-fatura), validated by the
 * same schema as the API. A refused save keeps everything typed and says why. Offline, the
 * invoice is kept on the device and sent later (ADR 029); `pending` is such an invoice the
 * server refused, opened here to be corrected.
 */
export function NewInvoiceForm({ pending }: { pending?: PendingInvoice }) {
  const { form, rules } = useNewInvoiceForm(pending?.values);
  const { save, isSaving } = useSaveInvoice();
  const navigate = useNavigate();
  const [saveError, setSaveError] = useState<ApiError | null>(null);

  const onSubmit = form.handleSubmit((typed) => {
    setSaveError(null);
    const extras = pending ? keptExtras(pending.extras, typed.vatCents) : {};
    const body = { ...typed, ...extras };
    save(
      { body, values: form.getValues(), extras, ...(pending ? { pendingId: pending.id } : {}) },
      {
        onSaved: (outcome) => {
          if (outcome === 'sent') toast.success(NEW_INVOICE_MESSAGES.saved);
          void navigate({ to: '/' });
        },
        onRefused: setSaveError,
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{NEW_INVOICE_MESSAGES.intro}</p>
      <OfflineCaptureNote screen="form" />
      <SupplierFields form={form} />
      <DocumentFields form={form} rules={rules} />
      <AmountFields form={form} rules={rules} />
      <PaymentFields form={form} rules={rules} />
      {saveError ? <SaveErrorAlert error={saveError} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {NEW_INVOICE_MESSAGES.cancel}
        </Link>
        <Button type="submit" size="lg" disabled={isSaving}>
          {isSaving ? NEW_INVOICE_MESSAGES.saving : NEW_INVOICE_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}
