import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NewInvoiceForm } from '../../components/new-invoice-form.tsx';
import { OFFLINE_INVOICE_MESSAGES } from '../offline-messages.ts';
import { isEditable, type PendingInvoice } from '../pending-invoices.ts';
import { pendingInvoices } from '../pending-sync.ts';

type Loaded = { state: 'loading' } | { state: 'found'; item: PendingInvoice } | { state: 'gone' };

/**
 * /nova-fatura?pendente=<id>: an invoice kept on the device, opened with what was typed and
 * the server's reason for refusing it (ADR 029). Saving sends it as a new submission.
 */
export function RefusedInvoiceEditor({ pendingId }: { pendingId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    void pendingInvoices()
      .get(pendingId)
      .catch(() => undefined)
      .then((item) => {
        if (!isCurrent) return;
        setLoaded(item && isEditable(item) ? { state: 'found', item } : { state: 'gone' });
      });
    return () => {
      isCurrent = false;
    };
  }, [pendingId]);

  if (loaded.state === 'loading') return null;
  if (loaded.state === 'gone') {
    return <p className="text-sm text-slate-600">{OFFLINE_INVOICE_MESSAGES.notFound}</p>;
  }
  const { item } = loaded;
  return (
    <div className="flex flex-col gap-4">
      {item.refusal ? (
        <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{OFFLINE_INVOICE_MESSAGES.editingTitle}</p>
            <p>{item.refusal.message}</p>
            <p>{OFFLINE_INVOICE_MESSAGES.editingText}</p>
          </div>
        </div>
      ) : null}
      <NewInvoiceForm key={item.id} pending={item} />
    </div>
  );
}
