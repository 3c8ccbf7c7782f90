import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CloudUpload } from 'lucide-react';
import { useState } from 'react';
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useIsOnline } from '#web/lib/use-is-online.ts';
import { existingInvoiceId } from '../../api/create-invoice.ts';
import { OFFLINE_INVOICE_MESSAGES as M } from '../offline-messages.ts';
import { isEditable, type PendingInvoice, type PendingOwner } from '../pending-invoices.ts';
import { pendingInvoices, sendPendingInvoices } from '../pending-sync.ts';

const linkClassName = 'font-semibold text-red-900 underline underline-offset-2';

/** The way out of a refusal, as on the form: the registered duplicate, or the plans. */
function RefusalAction({ item, onNavigate }: { item: PendingInvoice; onNavigate(): void }) {
  const refusal = item.refusal;
  if (!refusal) return null;
  const error = new ApiError(refusal.status, refusal.code, refusal.message, refusal.details);
  const existingId = refusal.code === 'DUPLICATE_INVOICE' ? existingInvoiceId(error) : null;
  if (existingId) {
    return (
      <Link to="/" search={{ fatura: existingId }} className={linkClassName} onClick={onNavigate}>
        {M.viewExisting}
      </Link>
    );
  }
  if (refusal.code === 'MONTHLY_LIMIT_REACHED') {
    return (
      <Link to="/subscription" className={linkClassName} onClick={onNavigate}>
        {M.changePlan}
      </Link>
    );
  }
  return null;
}

function PendingItem({
  item,
  owner,
  onNavigate,
}: {
  item: PendingInvoice;
  owner: PendingOwner;
  onNavigate(): void;
}) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const { body } = item;
  // Kept while acting in another account (a team's): it waits for that account.
  const isOtherAccount =
    owner.accountId !== null &&
    item.owner.accountId !== null &&
    item.owner.accountId !== owner.accountId;
  const retry = async () => {
    await pendingInvoices().retry(item.id, crypto.randomUUID());
    await sendPendingInvoices(queryClient);
  };
  return (
    <li className="flex flex-col gap-2 py-4" data-testid="pending-invoice">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">
            {body.supplierName || M.supplierFallback}
          </p>
          <p className="text-sm text-slate-600">
            {body.number} · {formatDateShort(body.issueDate)}
          </p>
        </div>
        <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
          {formatCents(body.totalCents)}
        </p>
      </div>
      {item.refusal ? (
        <div
          role="alert"
          className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{M.stateRefused}</p>
            <p>{item.refusal.message}</p>
            <RefusalAction item={item} onNavigate={onNavigate} />
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-1.5 text-sm text-amber-900">
          <CloudUpload className="size-4" aria-hidden />
          {isOtherAccount ? M.stateOtherAccount : M.stateWaiting}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {isConfirming ? (
          <>
            <Button
              size="sm"
              variant="outline"
              className="border-red-300 text-red-800 hover:bg-red-50"
              onClick={() => void pendingInvoices().discard(item.id)}
            >
              {M.confirmDiscard}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setIsConfirming(false)}>
              {M.keepIt}
            </Button>
          </>
        ) : (
          <>
            {item.refusal && isEditable(item) ? (
              <>
                <Link
                  to="/nova-fatura"
                  search={{ pendente: item.id }}
                  className={buttonVariants({ size: 'sm' })}
                  onClick={onNavigate}
                >
                  {M.edit}
                </Link>
                <Button size="sm" variant="outline" onClick={() => void retry().catch(() => {})}>
                  {M.retry}
                </Button>
              </>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
              {M.discard}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The panel's body: each invoice with its state, what can be done, and 'Enviar agora'. */
export function PendingInvoicesList({
  items,
  owner,
  onNavigate,
}: {
  items: PendingInvoice[];
  owner: PendingOwner;
  onNavigate(): void;
}) {
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const [isSending, setIsSending] = useState(false);
  const hasWaiting = items.some((item) => item.refusal === null);
  const sendNow = async () => {
    setIsSending(true);
    await sendPendingInvoices(queryClient).catch(() => null);
    setIsSending(false);
  };
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-slate-200 border-y border-slate-200">
        {items.map((item) => (
          <PendingItem key={item.id} item={item} owner={owner} onNavigate={onNavigate} />
        ))}
      </ul>
      <p className="text-sm text-slate-600">{M.photosLater}</p>
      {hasWaiting ? (
        isOnline ? (
          <Button className="self-start" onClick={() => void sendNow()} disabled={isSending}>
            {isSending ? M.sending : M.sendNow}
          </Button>
        ) : (
          <p className="text-sm font-medium text-amber-900">{M.offlineHint}</p>
        )
      ) : null}
    </div>
  );
}
