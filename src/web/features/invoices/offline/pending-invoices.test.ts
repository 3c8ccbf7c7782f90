import { randomUUID } from 'node:crypto';
import { indexedDB } from 'fake-indexeddb';
import { expect, test } from 'vitest';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { newInvoiceDefaults } from '../new-invoice-values.ts';
import {
  createPendingQueue,
  judgeSendError,
  type NewPendingInvoice,
  type PendingInvoice,
  type PendingOwner,
} from './pending-invoices.ts';
import { openPendingStore } from './pending-store.ts';

const ANA: PendingOwner = { userId: 'user-ana', accountId: 'account-ana' };

function body(number: string): CreateInvoiceData {
  return {
    supplierNif: '509442013',
    supplierName: 'Padaria Central, Lda',
    number,
    documentType: 'FT',
    originalInvoiceRef: null,
    issueDate: '2026-11-02',
    dueDate: '2026-11-30',
    totalCents: 12_345,
    vatCents: 2_309,
    atcud: '',
    paymentStatus: 'Pendente',
    paymentMethod: null,
    notes: '',
    buyerNif: null,
    source: 'manual',
    vatBreakdown: null,
  };
}

function invoice(number: string, owner: PendingOwner = ANA): NewPendingInvoice {
  return {
    owner,
    key: randomUUID(),
    body: body(number),
    values: { ...newInvoiceDefaults('2026-11-02'), number },
    extras: {},
  };
}

/** A queue on its own fresh database, with a clock that ticks once per invoice. */
function newQueue() {
  let clock = 0;
  return createPendingQueue({
    store: openPendingStore<PendingInvoice>(`pending-${randomUUID()}`, indexedDB),
    newId: randomUUID,
    now: () => (clock += 1),
  });
}

/** A stand-in for POST /api/invoices honouring Idempotency-Key as the server does (ADR 025). */
function fakeServer() {
  const created = new Map<string, string>();
  const requests: Array<{ number: string; key: string }> = [];
  let failure: ApiError | null = null;
  return {
    created,
    requests,
    failNext(error: ApiError | null) {
      failure = error;
    },
    send: async (sent: CreateInvoiceData, key: string) => {
      requests.push({ number: sent.number, key });
      if (failure) throw failure;
      if (!created.has(key)) created.set(key, sent.number);
      return { number: created.get(key) };
    },
  };
}

const OFFLINE = new ApiError(0, 'NETWORK_ERROR', 'Erro ao guardar a fatura');
const LIMIT = new ApiError(
  403,
  'MONTHLY_LIMIT_REACHED',
  'Atingiu o limite de 15 faturas por mês do seu plano.',
);

test('an invoice kept offline is listed with its key and sent once; a second flush sends nothing', async () => {
  const queue = newQueue();
  const server = fakeServer();
  const kept = await queue.add(invoice('FT 1/1'));
  expect(await queue.list(ANA.userId)).toEqual([
    expect.objectContaining({ key: kept.key, refusal: null, mayHaveReached: false }),
  ]);

  expect(await queue.flush(ANA, server.send)).toEqual({ sent: 1, refused: 0, stoppedBy: null });
  expect(server.requests).toEqual([{ number: 'FT 1/1', key: kept.key }]);
  expect(await queue.list(ANA.userId)).toEqual([]);

  expect(await queue.flush(ANA, server.send)).toEqual({ sent: 0, refused: 0, stoppedBy: null });
  expect(server.requests).toHaveLength(1);
});

test('without a connection the invoice stays, and is resent later with the same key', async () => {
  const queue = newQueue();
  const server = fakeServer();
  const first = await queue.add(invoice('FT 1/1'));
  await queue.add(invoice('FT 1/2'));

  server.failNext(OFFLINE);
  expect(await queue.flush(ANA, server.send)).toEqual({
    sent: 0,
    refused: 0,
    stoppedBy: 'offline',
  });
  // It stopped at the first: no point trying the rest without a connection.
  expect(server.requests).toEqual([{ number: 'FT 1/1', key: first.key }]);
  const [waiting] = await queue.list(ANA.userId);
  // The request may have reached the server: the key must not change now.
  expect(waiting).toMatchObject({ key: first.key, mayHaveReached: true, refusal: null });

  server.failNext(null);
  expect(await queue.flush(ANA, server.send)).toMatchObject({ sent: 2, stoppedBy: null });
  expect(server.requests.map((r) => r.key)).toEqual([first.key, first.key, expect.any(String)]);
  expect([...server.created.values()]).toEqual(['FT 1/1', 'FT 1/2']);
});

test('an answer lost on the way back makes no second invoice: the resend carries the same key', async () => {
  const queue = newQueue();
  const server = fakeServer();
  await queue.add(invoice('FT 1/1'));
  // The server made the invoice, but the connection dropped before its answer arrived.
  const lossy = async (sent: CreateInvoiceData, key: string) => {
    await server.send(sent, key);
    throw OFFLINE;
  };
  expect(await queue.flush(ANA, lossy)).toMatchObject({ sent: 0, stoppedBy: 'offline' });
  expect(await queue.flush(ANA, server.send)).toMatchObject({ sent: 1 });
  expect(server.requests).toHaveLength(2);
  expect(server.created.size).toBe(1);
});

test('a refusal is kept with the server message, the rest still go, and a retry is a new submission', async () => {
  const queue = newQueue();
  const server = fakeServer();
  const refused = await queue.add(invoice('FT 1/1'));
  await queue.add(invoice('FT 1/2'));
  let calls = 0;
  const limitOnFirst = async (sent: CreateInvoiceData, key: string) => {
    calls += 1;
    if (calls === 1) throw LIMIT;
    return server.send(sent, key);
  };

  expect(await queue.flush(ANA, limitOnFirst)).toEqual({ sent: 1, refused: 1, stoppedBy: null });
  const [kept] = await queue.list(ANA.userId);
  expect(kept).toMatchObject({
    id: refused.id,
    body: { number: 'FT 1/1' },
    refusal: {
      status: 403,
      code: 'MONTHLY_LIMIT_REACHED',
      message: 'Atingiu o limite de 15 faturas por mês do seu plano.',
    },
  });
  // Never resent on its own: it waits for the person.
  expect(await queue.flush(ANA, server.send)).toEqual({ sent: 0, refused: 0, stoppedBy: null });

  // The server stored its refusal under the old key; a retry must not replay it.
  const newKey = randomUUID();
  await queue.retry(refused.id, newKey);
  expect(await queue.flush(ANA, server.send)).toMatchObject({ sent: 1 });
  expect(server.requests.at(-1)).toEqual({ number: 'FT 1/1', key: newKey });
  expect(await queue.list(ANA.userId)).toEqual([]);
});

test('a refused invoice edited by the person goes with its new values and a new key', async () => {
  const queue = newQueue();
  const server = fakeServer();
  const refused = await queue.add(invoice('FT 1/1'));
  await queue.flush(ANA, async () => {
    throw new ApiError(409, 'DUPLICATE_INVOICE', 'Esta fatura já está registada.');
  });
  const newKey = randomUUID();
  await queue.replace(refused.id, {
    key: newKey,
    body: body('FT 1/1-A'),
    values: { ...refused.values, number: 'FT 1/1-A' },
    extras: {},
  });
  await queue.flush(ANA, server.send);
  expect(server.requests).toEqual([{ number: 'FT 1/1-A', key: newKey }]);
});

test('an invoice that may already be on the server cannot be edited into another submission', async () => {
  const queue = newQueue();
  const kept = await queue.add(invoice('FT 1/1'));
  await queue.flush(ANA, async () => {
    throw OFFLINE;
  });
  await expect(
    queue.replace(kept.id, { key: randomUUID(), body: body('X'), values: kept.values, extras: {} }),
  ).rejects.toThrow('may already be on the server');
});

test('busy, rate-limited, signed-out or profile-less answers keep the invoice waiting', async () => {
  const answers = [
    new ApiError(503, 'UNAVAILABLE', 'Serviço indisponível'),
    new ApiError(429, 'RATE_LIMITED', 'Demasiados pedidos'),
    new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Pedido em curso'),
    new ApiError(403, 'PROFILE_SELECTION_REQUIRED', 'Escolha um perfil'),
    new ApiError(401, 'UNAUTHORIZED', 'Sessão terminada'),
  ];
  for (const answer of answers) {
    const queue = newQueue();
    await queue.add(invoice('FT 1/1'));
    const result = await queue.flush(ANA, async () => {
      throw answer;
    });
    expect(result.stoppedBy, answer.code).not.toBeNull();
    expect(await queue.list(ANA.userId), answer.code).toEqual([
      expect.objectContaining({ refusal: null }),
    ]);
  }
});

test('another user on the device neither sees nor sends them; another account waits', async () => {
  const queue = newQueue();
  const server = fakeServer();
  await queue.add(invoice('FT 1/1'));
  const rui: PendingOwner = { userId: 'user-rui', accountId: 'account-rui' };
  expect(await queue.list(rui.userId)).toEqual([]);
  await queue.flush(rui, server.send);
  // Ana, now acting in a team's account: the invoice belongs to her own.
  await queue.flush({ userId: ANA.userId, accountId: 'account-team' }, server.send);
  expect(server.requests).toEqual([]);
  await queue.flush(ANA, server.send);
  expect(server.requests).toHaveLength(1);
});

test('flushes started together send each invoice once', async () => {
  const queue = newQueue();
  const server = fakeServer();
  await queue.add(invoice('FT 1/1'));
  await queue.add(invoice('FT 1/2'));
  const slow = async (sent: CreateInvoiceData, key: string) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return server.send(sent, key);
  };
  await Promise.all([queue.flush(ANA, slow), queue.flush(ANA, slow), queue.flush(ANA, slow)]);
  expect(server.requests.map((r) => r.number)).toEqual(['FT 1/1', 'FT 1/2']);
});

test('what a failed send means', () => {
  expect(judgeSendError(new TypeError('Failed to fetch'))).toEqual({
    kind: 'stop',
    reason: 'offline',
  });
  expect(judgeSendError(OFFLINE)).toEqual({ kind: 'stop', reason: 'offline' });
  expect(judgeSendError(new ApiError(500, 'INTERNAL', 'Erro'))).toMatchObject({ kind: 'stop' });
  expect(judgeSendError(new ApiError(400, 'VALIDATION_ERROR', 'NIF inválido'))).toMatchObject({
    kind: 'refused',
    refusal: { status: 400, message: 'NIF inválido' },
  });
});

test('the list tells its subscribers when it changes', async () => {
  const queue = newQueue();
  let changes = 0;
  const unsubscribe = queue.subscribe(() => (changes += 1));
  const kept = await queue.add(invoice('FT 1/1'));
  await queue.discard(kept.id);
  unsubscribe();
  await queue.add(invoice('FT 1/2'));
  expect(changes).toBe(2);
});
