import {
  AlarmClock,
  Banknote,
  CircleEllipsis,
  Clock,
  CreditCard,
  TriangleAlert,
} from 'lucide-react';
import type { PaymentMethod, PaymentStatus } from '#shared/domain.ts';
import { cn } from '#web/lib/cn.ts';
import { DASHBOARD_MESSAGES } from '../../messages.ts';

const TONES: Record<PaymentStatus, string> = {
  Paga: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  Pendente: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  Vencida: 'bg-red-50 text-red-800 ring-red-600/20',
};

const METHOD_ICONS = { Dinheiro: Banknote, Cartão: CreditCard, Outro: CircleEllipsis } as const;

/** Payment status; a paid invoice shows how it was paid (spec §2 "status badge with a payment-method icon"). */
export function InvoiceStatusBadge({
  status,
  method,
  className,
}: {
  status: PaymentStatus;
  method: PaymentMethod | null;
  className?: string;
}) {
  const Icon =
    status === 'Paga' && method
      ? METHOD_ICONS[method]
      : status === 'Vencida'
        ? TriangleAlert
        : status === 'Pendente'
          ? Clock
          : null;
  const label = status === 'Paga' && method ? `${status} · ${method}` : status;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[status],
        className,
      )}
      title={label}
    >
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      <span>{status}</span>
      {status === 'Paga' && method ? <span className="sr-only">({method})</span> : null}
    </span>
  );
}

/**
 * 'Urgente' (spec §4): a Pendente invoice due today through today + 3. The word itself is the
 * accessible name; the hint says why, to pointer and screen-reader users alike.
 */
export function UrgentBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800 ring-1 ring-orange-600/30 ring-inset',
        className,
      )}
      title={DASHBOARD_MESSAGES.urgentHint}
      data-testid="urgent-badge"
    >
      <AlarmClock className="size-3.5" aria-hidden />
      <span>{DASHBOARD_MESSAGES.urgent}</span>
      <span className="sr-only">: {DASHBOARD_MESSAGES.urgentHint}</span>
    </span>
  );
}
