import { permissionsFor } from '#shared/permissions.ts';
import { invoiceUsage } from '#shared/plans.ts';
import { BottomNav } from '#web/features/app-shell/components/bottom-nav.tsx';
import { useInvoiceCounter } from '#web/features/invoices/api/get-invoice-counter.ts';

// Without a team session the main account holds every permission (spec invoice-work §6);
// team sessions come with their own issue and will feed this from the server.
const MAIN_ACCOUNT_PERMISSIONS = permissionsFor({ kind: 'main' });

/** The phone's bottom navigation, with this month's invoice usage around the add button. */
export function AppBottomNav() {
  const counter = useInvoiceCounter().data;
  const usage = counter ? invoiceUsage(counter.current_count, counter.monthly_limit) : undefined;
  return <BottomNav permissions={MAIN_ACCOUNT_PERMISSIONS} usage={usage} />;
}
