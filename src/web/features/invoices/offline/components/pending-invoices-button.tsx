import { useQueryClient } from '@tanstack/react-query';
import { CloudUpload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { rememberDeviceUser } from '#web/lib/device-user.ts';
import type { Session } from '#web/lib/session.ts';
import { OFFLINE_INVOICE_MESSAGES } from '../offline-messages.ts';
import type { PendingInvoice, PendingOwner } from '../pending-invoices.ts';
import { pendingInvoices, startPendingSync } from '../pending-sync.ts';
import { PendingInvoicesList } from './pending-invoices-list.tsx';

/** The user's invoices on this device, read again whenever the queue changes (any tab). */
function usePendingInvoices(userId: string): PendingInvoice[] {
  const [items, setItems] = useState<PendingInvoice[]>([]);
  useEffect(() => {
    let isCurrent = true;
    const load = () =>
      void pendingInvoices()
        .list(userId)
        .then((list) => {
          if (isCurrent) setItems(list);
        })
        .catch(() => {});
    load();
    const unsubscribe = pendingInvoices().subscribe(load);
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, [userId]);
  return items;
}

function summary(waiting: number, refused: number): string {
  const parts: string[] = [];
  if (waiting > 0) parts.push(OFFLINE_INVOICE_MESSAGES.waiting(waiting));
  if (refused > 0) parts.push(OFFLINE_INVOICE_MESSAGES.refusedCount(refused));
  return parts.join(' · ');
}

type PendingInvoicesButtonProps = {
  /** Who is signed in (the route's session), and whether the server could be reached. */
  session: Session;
  /** The profile, once loaded (or its offline stand-in): it names the account acted in. */
  profile: { accountId: string } | undefined;
};

/**
 * In the signed-in header while invoices typed offline wait on this device (ADR 029): how
 * many, and a panel to see them, send them now, or fix one the server refused. Mounting it
 * starts the sending (at start, when the connection returns) and, online, remembers who
 * signed in here so the app can open offline as them.
 */
export function PendingInvoicesButton({ session, profile }: PendingInvoicesButtonProps) {
  const queryClient = useQueryClient();
  const { user, isOffline } = session;
  const owner: PendingOwner = { userId: user.id, accountId: profile?.accountId ?? null };
  const items = usePendingInvoices(user.id);
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => startPendingSync(queryClient), [queryClient]);
  useEffect(() => {
    if (!isOffline) rememberDeviceUser(user, profile ?? null);
  }, [user, profile, isOffline]);

  if (items.length === 0) return null;
  const refused = items.filter((item) => item.refusal !== null).length;
  const label = summary(items.length - refused, refused);
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={label}
        title={label}
        data-testid="pending-invoices"
        className={cn(
          'focus-visible:ring-brand-500/60 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold focus-visible:ring-3 focus-visible:outline-none',
          refused > 0
            ? 'bg-red-100 text-red-800 hover:bg-red-200'
            : 'bg-amber-100 text-amber-900 hover:bg-amber-200',
        )}
      >
        <CloudUpload className="size-4" aria-hidden />
        {/* The count alone on a phone, where the header has no room for words. */}
        <span className="sm:hidden">{items.length}</span>
        <span className="hidden sm:inline">{label}</span>
      </button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent
          title={OFFLINE_INVOICE_MESSAGES.panelTitle}
          description={OFFLINE_INVOICE_MESSAGES.panelIntro}
        >
          <PendingInvoicesList items={items} owner={owner} onNavigate={() => setIsOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
