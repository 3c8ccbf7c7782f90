// The app's queue of invoices kept on the device (ADR 029) and what sends it: at start, when
// the connection returns, when the app comes back to the screen, every minute while some
// wait, and on 'Enviar agora'. Sent with createInvoice and the key each invoice was kept with.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import { readDeviceUser } from '#web/lib/device-user.ts';
import { assignIdempotencyKey } from '#web/lib/idempotency.ts';
import { invoiceKeys, profileKeys } from '#web/lib/query-keys.ts';
import { sessionQueryKey, sessionQueryOptions, type Session } from '#web/lib/session.ts';
import { isOnline } from '#web/lib/use-is-online.ts';
import { createInvoice } from '../api/create-invoice.ts';
import { OFFLINE_INVOICE_MESSAGES } from './offline-messages.ts';
import {
  createPendingQueue,
  type FlushResult,
  type PendingInvoice,
  type PendingOwner,
  type PendingQueue,
  type SendInvoice,
} from './pending-invoices.ts';
import { openPendingStore } from './pending-store.ts';

const DATABASE = 'papelada';
const LOCK = 'papelada-pending-invoices';
const RETRY_EVERY_MS = 60_000;

let queue: PendingQueue | null = null;

/** The device's queue (one per page; tabs hear each other's changes). */
export function pendingInvoices(): PendingQueue {
  queue ??= createPendingQueue({
    store: openPendingStore<PendingInvoice>(DATABASE),
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK),
    ...(typeof navigator !== 'undefined' && navigator.locks
      ? { withLock: async <T>(run: () => Promise<T>) => await navigator.locks.request(LOCK, run) }
      : {}),
  });
  return queue;
}

/** The account the cached profile names (the profile feature's `accountId`), if loaded. */
function cachedAccountId(queryClient: QueryClient): string | null {
  const profile: unknown = queryClient.getQueryData(profileKeys.all);
  if (typeof profile !== 'object' || profile === null || !('accountId' in profile)) return null;
  return typeof profile.accountId === 'string' ? profile.accountId : null;
}

/** Who an invoice kept now belongs to: the session's user, in the account last acted in. */
export function ownerOfNewInvoice(queryClient: QueryClient): PendingOwner | null {
  const session = queryClient.getQueryData<Session | null>(sessionQueryKey);
  if (!session) return null;
  const device = readDeviceUser();
  const remembered = device?.user.id === session.user.id ? device.accountId : null;
  return { userId: session.user.id, accountId: cachedAccountId(queryClient) ?? remembered };
}

/** Who may send now: a session the server confirmed, acting in a known account. */
async function ownerNow(queryClient: QueryClient): Promise<PendingOwner | null> {
  // Asked afresh: the cached answer may be the offline stand-in from a moment ago.
  const session = await queryClient
    .fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
    .catch(() => null);
  if (!session || session.isOffline) return null;
  let accountId = cachedAccountId(queryClient);
  if (accountId === null) {
    // Opened offline, the profile failed to load: ask again now the server answers.
    await queryClient.refetchQueries({ queryKey: profileKeys.all }).catch(() => {});
    accountId = cachedAccountId(queryClient);
  }
  return accountId === null ? null : { userId: session.user.id, accountId };
}

const send: SendInvoice = (body, key) => {
  assignIdempotencyKey(body, key);
  return createInvoice(body);
};

function report(queryClient: QueryClient, result: FlushResult, refusedMessage: string | null) {
  if (result.sent > 0) {
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    void toast.success(OFFLINE_INVOICE_MESSAGES.sent(result.sent), { id: 'pending-sent' });
  }
  if (result.refused > 0 && refusedMessage !== null) {
    void toast.error(OFFLINE_INVOICE_MESSAGES.refusedToast, {
      id: 'pending-refused',
      description: refusedMessage,
      duration: 8000,
    });
  }
}

/** Sends what waits, if anything does and the server can be reached. */
export async function sendPendingInvoices(queryClient: QueryClient): Promise<FlushResult | null> {
  if (!isOnline()) return null;
  const owner = await ownerNow(queryClient);
  if (!owner) return null;
  const pending = pendingInvoices();
  const before = await pending.list(owner.userId);
  if (!before.some((item) => item.refusal === null)) return null;
  const result = await pending.flush(owner, send);
  const refusedNow = (await pending.list(owner.userId)).find(
    (item) => item.refusal !== null && before.some((b) => b.id === item.id && b.refusal === null),
  );
  report(queryClient, result, refusedNow?.refusal?.message ?? null);
  return result;
}

let isStarted = false;

/** Once per page: send now, and again whenever there is reason to think it would work. */
export function startPendingSync(queryClient: QueryClient): void {
  if (isStarted) return;
  isStarted = true;
  const trySend = () => void sendPendingInvoices(queryClient).catch(() => {});
  trySend();
  window.addEventListener('online', trySend);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') trySend();
  });
  setInterval(trySend, RETRY_EVERY_MS);
}
