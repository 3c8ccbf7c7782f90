// Invoices typed or scanned while the server could not be reached (ADR 029): kept on the
// device with the Idempotency-Key of their submission and sent when the connection returns.
// The same key on every resend means the server makes one invoice however often the send is
// repeated or interrupted (ADR 025). An invoice leaves the device only when the server took it
// or when the person discards it; a refusal is kept with the server's pt-PT message.
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { ApiError, isProfileRefusal } from '#web/lib/call-api.ts';
import type { NewInvoiceFormValues } from '../new-invoice-values.ts';
import type { PendingStore } from './pending-store.ts';

/** Whose invoice it is: only that user, acting in that account, sends it. */
export type PendingOwner = { userId: string; accountId: string | null };

/** What the server answered when it refused the invoice (a 4xx other than "try later"). */
export type PendingRefusal = {
  status: number;
  code: string;
  message: string;
  details: Readonly<Record<string, unknown>>;
};

/** What the scanner adds to the typed fields (how it was read, the QR's VAT by rate). */
export type PendingExtras = Partial<
  Pick<CreateInvoiceData, 'source' | 'scanId' | 'buyerNif' | 'vatBreakdown'>
>;

export type PendingInvoice = {
  id: string;
  /** The Idempotency-Key every send of this version of the invoice carries. */
  key: string;
  owner: PendingOwner;
  createdAt: number;
  /** The API body, exactly as the form validated it. */
  body: CreateInvoiceData;
  /** What the person typed, to edit it after a refusal. */
  values: NewInvoiceFormValues;
  extras: PendingExtras;
  /** null while it waits to be sent. */
  refusal: PendingRefusal | null;
  /** A send went out and its answer never came: the server may hold it, so the key stays. */
  mayHaveReached: boolean;
};

export type NewPendingInvoice = Pick<PendingInvoice, 'owner' | 'body' | 'values' | 'extras'> & {
  key: string;
};

/** Sends one invoice with its key; throws an ApiError when it is not taken. */
export type SendInvoice = (body: CreateInvoiceData, key: string) => Promise<unknown>;

/**
 * Why a flush stopped before the end of the list: no connection, the server asks to wait
 * (busy, rate-limited, the same key still running), nobody signed in, no profile acting.
 */
export type FlushStop = 'offline' | 'later' | 'signed-out';
export type FlushResult = { sent: number; refused: number; stoppedBy: FlushStop | null };

type Verdict = { kind: 'stop'; reason: FlushStop } | { kind: 'refused'; refusal: PendingRefusal };

const TRY_LATER_STATUSES = new Set([408, 425, 429]);

/** What a failed send means for the invoice: wait and send again, or a refusal to show. */
export function judgeSendError(error: unknown): Verdict {
  if (!(error instanceof ApiError) || error.status === 0)
    return { kind: 'stop', reason: 'offline' };
  if (error.status === 401) return { kind: 'stop', reason: 'signed-out' };
  if (
    error.status >= 500 ||
    TRY_LATER_STATUSES.has(error.status) ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS' ||
    isProfileRefusal(error)
  ) {
    return { kind: 'stop', reason: 'later' };
  }
  const { status, code, message, details } = error;
  return { kind: 'refused', refusal: { status, code, message, details } };
}

/** Sent by this owner: same user, and the same account when both are known. */
export function isSentBy(item: PendingInvoice, owner: PendingOwner): boolean {
  if (item.owner.userId !== owner.userId) return false;
  return item.owner.accountId === null || item.owner.accountId === owner.accountId;
}

/** May be changed and sent as a new submission: refused, or never gone out. */
export function isEditable(item: PendingInvoice): boolean {
  return item.refusal !== null || !item.mayHaveReached;
}

type ChangeChannel = Pick<BroadcastChannel, 'postMessage'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export type PendingQueueDeps = {
  store: PendingStore<PendingInvoice>;
  newId: () => string;
  now: () => number;
  /** Tells the other tabs of the same browser that the list changed. */
  channel?: ChangeChannel | null;
  /** Serialises flushes across tabs (the Web Locks API where the browser has it). */
  withLock?: <T>(run: () => Promise<T>) => Promise<T>;
};

export function createPendingQueue(deps: PendingQueueDeps) {
  const { store, newId, now } = deps;
  const withLock = deps.withLock ?? ((run) => run());
  const listeners = new Set<() => void>();
  const notifyHere = () => {
    for (const listener of listeners) listener();
  };
  const notify = () => {
    notifyHere();
    deps.channel?.postMessage('changed');
  };
  if (deps.channel) deps.channel.onmessage = notifyHere;

  async function update(id: string, change: (item: PendingInvoice) => PendingInvoice) {
    const item = await store.get(id);
    if (!item) return;
    await store.put(change(item));
    notify();
  }

  /** One invoice; false when the flush must stop here. */
  async function sendOne(id: string, owner: PendingOwner, send: SendInvoice, result: FlushResult) {
    // Read again: another tab may have sent or discarded it meanwhile.
    const item = await store.get(id);
    if (!item || item.refusal !== null || !isSentBy(item, owner)) return true;
    if (!item.mayHaveReached) await store.put({ ...item, mayHaveReached: true });
    try {
      await send(item.body, item.key);
    } catch (error) {
      const verdict = judgeSendError(error);
      if (verdict.kind === 'stop') {
        result.stoppedBy = verdict.reason;
        return false;
      }
      // Refused: nothing was made, so a later edit or retry is a new submission.
      await store.put({ ...item, mayHaveReached: false, refusal: verdict.refusal });
      result.refused += 1;
      notify();
      return true;
    }
    await store.delete(id);
    result.sent += 1;
    notify();
    return true;
  }

  async function flushOnce(owner: PendingOwner, send: SendInvoice): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, stoppedBy: null };
    const waiting = (await store.all())
      .filter((item) => item.refusal === null && isSentBy(item, owner))
      .sort((a, b) => a.createdAt - b.createdAt);
    for (const { id } of waiting) {
      if (!(await sendOne(id, owner, send, result))) break;
    }
    return result;
  }

  let running: Promise<FlushResult> | null = null;
  let isWanted = false;

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The user's invoices on this device, oldest first. */
    async list(userId: string): Promise<PendingInvoice[]> {
      return (await store.all())
        .filter((item) => item.owner.userId === userId)
        .sort((a, b) => a.createdAt - b.createdAt);
    },

    async add(invoice: NewPendingInvoice): Promise<PendingInvoice> {
      const item: PendingInvoice = {
        ...invoice,
        id: newId(),
        createdAt: now(),
        refusal: null,
        mayHaveReached: false,
      };
      await store.put(item);
      notify();
      return item;
    },

    async get(id: string): Promise<PendingInvoice | undefined> {
      return store.get(id);
    },

    /** The person gives it up: the only way an unsent invoice leaves the device. */
    async discard(id: string): Promise<void> {
      await store.delete(id);
      notify();
    },

    /** A refused invoice, sent again as it is (after a plan change, say): a new submission. */
    async retry(id: string, key: string): Promise<void> {
      await update(id, (item) =>
        item.refusal === null ? item : { ...item, key, refusal: null, mayHaveReached: false },
      );
    },

    /** Edited while still waiting (offline), or after a refusal: a new submission, new key. */
    async replace(
      id: string,
      change: Pick<PendingInvoice, 'body' | 'values' | 'extras' | 'key'>,
    ): Promise<void> {
      await update(id, (item) => {
        if (!isEditable(item)) throw new Error('this invoice may already be on the server');
        return { ...item, ...change, refusal: null, mayHaveReached: false };
      });
    },

    /**
     * Sends the owner's waiting invoices, oldest first, each once. A call while one runs
     * joins it, and the list is read again at its end, so nothing added meanwhile waits.
     */
    flush(owner: PendingOwner, send: SendInvoice): Promise<FlushResult> {
      isWanted = true;
      running ??= (async () => {
        const total: FlushResult = { sent: 0, refused: 0, stoppedBy: null };
        try {
          while (isWanted && total.stoppedBy === null) {
            isWanted = false;
            const pass = await withLock(() => flushOnce(owner, send));
            total.sent += pass.sent;
            total.refused += pass.refused;
            total.stoppedBy = pass.stoppedBy;
          }
          return total;
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
}

export type PendingQueue = ReturnType<typeof createPendingQueue>;
