import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { useNewInvoiceForm } from '../hooks/use-new-invoice-form.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';
import { AmountFields } from './amount-fields.tsx';
import { DocumentFields } from './document-fields.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { SaveErrorAlert } from './save-error-alert.tsx';
import { SupplierFields } from './supplier-fields.tsx';

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError(0, 'UNKNOWN', NEW_INVOICE_MESSAGES.saveFailed);
}

/**
 * Manual entry of a supplier invoice (spec invoice-work §2 /nova-fatura), validated by the
 * same schema as the API. A refused save keeps everything typed and says why.
 */
export function NewInvoiceForm() {
  const { form, rules } = useNewInvoiceForm();
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const [saveError, setSaveError] = useState<ApiError | null>(null);

  const onSubmit = form.handleSubmit((body) => {
    setSaveError(null);
    create.mutate(body, {
      onSuccess: () => {
        toast.success(NEW_INVOICE_MESSAGES.saved);
        void navigate({ to: '/' });
      },
      onError: (error) => setSaveError(asApiError(error)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{NEW_INVOICE_MESSAGES.intro}</p>
      <SupplierFields form={form} />
      <DocumentFields form={form} rules={rules} />
      <AmountFields form={form} rules={rules} />
      <PaymentFields form={form} rules={rules} />
      {saveError ? <SaveErrorAlert error={saveError} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {NEW_INVOICE_MESSAGES.cancel}
        </Link>
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? NEW_INVOICE_MESSAGES.saving : NEW_INVOICE_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}
