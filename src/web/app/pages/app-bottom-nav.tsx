import { useEffect } from 'react';
import { toast } from '#web/lib/toast.ts';
import { invoiceUsage } from '#shared/plans.ts';
import { BottomNav } from '#web/features/app-shell/components/bottom-nav.tsx';
import { useInvoiceCounter } from '#web/features/invoices/api/get-invoice-counter.ts';
import { isProfileRefusal } from '#web/lib/call-api.ts';
import { useCan } from '#web/lib/use-can.ts';

/**
 * The phone's bottom navigation, with this month's invoice usage around the add button. Its
 * places follow what the server says whoever acts may use (a Utilizador has no Resumo).
 */
export function AppBottomNav() {
  const rights = useCan();
  const counter = useInvoiceCounter();
  // Spec accounts §8 "Subscription toasts": the monthly limit could not be read. The plans
  // feature's words load only then, so they stay out of every signed-in page's first load.
  // Not when no profile acts any more: 'Acesso à Conta' is on its way (lib/query-client.ts);
  // nor offline, where the banner already says why nothing loads (ADR 029).
  const isFailed = counter.isError && !isProfileRefusal(counter.error) && navigator.onLine;
  useEffect(() => {
    if (!isFailed) return;
    void import('#web/features/plans/messages.ts').then(({ SUBSCRIPTION_TOASTS }) =>
      toast.error(SUBSCRIPTION_TOASTS.limitCheckFailed, { id: 'invoice-limit-check' }),
    );
  }, [isFailed]);
  const usage = counter.data
    ? invoiceUsage(counter.data.current_count, counter.data.monthly_limit)
    : undefined;
  return <BottomNav rights={rights} usage={usage} />;
}
