import { useEffect } from 'react';
import { toast } from 'sonner';
import { permissionsFor } from '#shared/permissions.ts';
import { invoiceUsage } from '#shared/plans.ts';
import { BottomNav } from '#web/features/app-shell/components/bottom-nav.tsx';
import { useInvoiceCounter } from '#web/features/invoices/api/get-invoice-counter.ts';

// Without a team session the main account holds every permission (spec invoice-work §6);
// team sessions come with their own issue and will feed this from the server.
const MAIN_ACCOUNT_PERMISSIONS = permissionsFor({ kind: 'main' });

/** The phone's bottom navigation, with this month's invoice usage around the add button. */
export function AppBottomNav() {
  const counter = useInvoiceCounter();
  // Spec accounts §8 "Subscription toasts": the monthly limit could not be read. The plans
  // feature's words load only then, so they stay out of every signed-in page's first load.
  useEffect(() => {
    if (!counter.isError) return;
    void import('#web/features/plans/messages.ts').then(({ SUBSCRIPTION_TOASTS }) =>
      toast.error(SUBSCRIPTION_TOASTS.limitCheckFailed, { id: 'invoice-limit-check' }),
    );
  }, [counter.isError]);
  const usage = counter.data
    ? invoiceUsage(counter.data.current_count, counter.data.monthly_limit)
    : undefined;
  return <BottomNav permissions={MAIN_ACCOUNT_PERMISSIONS} usage={usage} />;
}
