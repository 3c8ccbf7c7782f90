import { CalendarClock, Loader2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { toast } from '#web/lib/toast.ts';
import { useCan } from '#web/lib/use-can.ts';
import { useExpireInvoices } from '../api/expire-invoices.ts';
import { EXPIRY_MESSAGES, expiredMessage } from '../messages.ts';
import { expiryStatusText, useExpiryStatus } from '../api/get-expiry-status.ts';

/**
 * The overdue lifecycle on screen (spec invoice-work §4): 'Expirar faturas' turns this
 * account's overdue Pendente invoices Vencida now, and a line tells when the daily check last
 * ran, what it changed here, and when it runs next (polled every 60 s while shown).
 */
export function ExpiryPanel({ className }: { className?: string }) {
  const expire = useExpireInvoices();
  // Turning invoices Vencida changes them: offered to whoever may edit invoices.
  const canExpire = useCan().can('invoices.edit');
  const { data: status } = useExpiryStatus();
  const text = status ? expiryStatusText(status) : null;

  function run() {
    expire.mutate(undefined, {
      onSuccess: (result) => void toast.success(expiredMessage(result.updated_count)),
      onError: (error) =>
        void toast.error(
          EXPIRY_MESSAGES.failed,
          error.message === EXPIRY_MESSAGES.failed ? undefined : { description: error.message },
        ),
    });
  }

  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      {canExpire ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={run}
          disabled={expire.isPending}
          aria-busy={expire.isPending}
        >
          {expire.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <CalendarClock aria-hidden />
          )}
          {EXPIRY_MESSAGES.action}
        </Button>
      ) : null}
      {text ? (
        <p className="text-xs text-slate-500">
          <span>{text.last}</span>
          <span aria-hidden> · </span>
          <span>{text.next}</span>
        </p>
      ) : null}
    </div>
  );
}
