import { Banknote, CreditCard, Ellipsis, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/domain.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { todayInLisbon } from '#shared/dates.ts';
import { cn } from '#web/lib/cn.ts';
import { useCan } from '#web/lib/use-can.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { useChangePayment } from '../../api/change-payment.ts';
import { displayState } from '../../invoice-display.ts';
import { INVOICE_SHEET_MESSAGES, SHEET_LABELS } from '../../messages.ts';

const METHOD_ICONS: Record<PaymentMethod, LucideIcon> = {
  Dinheiro: Banknote,
  Cartão: CreditCard,
  Outro: Ellipsis,
};

const STATUS_TONES = {
  Paga: 'text-brand-800',
  Pendente: 'text-amber-800',
  Vencida: 'text-red-700',
} as const;

type MethodPickerProps = { onPick: (method: PaymentMethod) => void; onCancel: () => void };

/** Spec §4: switching the toggle on asks how it was paid; picking one saves. */
function MethodPicker({ onPick, onCancel }: MethodPickerProps) {
  const promptId = useId();
  return (
    <div role="group" aria-labelledby={promptId} className="mt-3">
      <p id={promptId} className="mb-2 text-sm font-medium text-slate-800">
        {INVOICE_SHEET_MESSAGES.paymentMethodPrompt}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {PAYMENT_METHODS.map((method, index) => {
          const Icon = METHOD_ICONS[method];
          return (
            <Button
              key={method}
              variant="outline"
              className="h-12 flex-col gap-0.5 text-xs sm:flex-row sm:gap-2 sm:text-sm"
              // The picker appears on the user's own action; its first choice takes the focus.
              autoFocus={index === 0}
              onClick={() => onPick(method)}
            >
              <Icon aria-hidden />
              {method}
            </Button>
          );
        })}
      </div>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onCancel}>
        {INVOICE_SHEET_MESSAGES.cancel}
      </Button>
    </div>
  );
}

/**
 * The payment switch of the view mode. On → method picker → saved as Paga with that method;
 * off → saved at once. The change shows immediately and reverts if the save fails.
 */
export function PaymentCard({ invoice, className }: { invoice: Invoice; className?: string }) {
  const change = useChangePayment(invoice.id);
  // Marking paid is a change to the invoice: without invoices.edit the switch only shows.
  const canEdit = useCan().can('invoices.edit');
  const [isPicking, setIsPicking] = useState(false);
  const method = invoice.isPaid ? invoice.paymentMethod : null;
  const MethodIcon = method ? METHOD_ICONS[method] : null;
  const { status } = displayState(invoice, todayInLisbon());

  function onCheckedChange(isChecked: boolean) {
    if (isChecked) setIsPicking(true);
    else if (isPicking) setIsPicking(false);
    else change.mutate({ paid: false });
  }

  function pick(picked: PaymentMethod) {
    setIsPicking(false);
    change.mutate({ paid: true, method: picked });
  }

  return (
    <div className={cn('rounded-xl border border-slate-200 bg-white p-3 shadow-sm', className)}>
      <Switch
        label={SHEET_LABELS.paidSwitch}
        checked={invoice.isPaid || isPicking}
        disabled={change.isPending || !canEdit}
        onCheckedChange={onCheckedChange}
      />
      <p className="mt-1 flex items-center gap-1.5 text-sm">
        <span className="text-slate-600">{SHEET_LABELS.paymentStatus}:</span>
        <span className={cn('font-semibold', STATUS_TONES[status])}>{status}</span>
        {method && MethodIcon ? (
          <span className="flex items-center gap-1 text-slate-700">
            · <MethodIcon className="size-4" aria-hidden />
            {method}
          </span>
        ) : null}
      </p>
      {isPicking ? <MethodPicker onPick={pick} onCancel={() => setIsPicking(false)} /> : null}
    </div>
  );
}
