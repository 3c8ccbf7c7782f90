import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { sseReader } from '#server/features/events/events-test-helpers.ts';
import {
  accountIdOf,
  invoiceApi,
  invoiceBody,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import type { AccountEvent } from './event-bus.ts';
import {
  createPostgresEventBus,
  encodeNotification,
  type PostgresEventBus,
} from './postgres-event-bus.ts';

// CI runs the api project a second time against PostgreSQL 15 with TEST_DATABASE_URL set;
// PGlite has no LISTEN across connections, so these tests need that server.
const serverUrl = process.env.TEST_DATABASE_URL;

type LogLine = { level: number; msg: string };

/** A real pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, messages: () => lines.map((l) => l.msg) };
}

const created = (ids: string[]): AccountEvent => ({
  type: 'invoices.changed',
  action: 'created',
  ids,
});

test('a notification too large for NOTIFY drops its ids instead of failing', () => {
  const small = encodeNotification('conta', created([randomUUID()]));
  expect(JSON.parse(small)).toMatchObject({ accountId: 'conta', event: { ids: [/./] } });
  const ids = Array.from({ length: 300 }, () => randomUUID());
  const large = encodeNotification('conta', created(ids));
  expect(Buffer.byteLength(large)).toBeLessThan(8000);
  expect(JSON.parse(large)).toEqual({ accountId: 'conta', event: created([]) });
});

test('the first connection must succeed: an unreachable server fails at boot', async () => {
  const { logger } = capturingLogger();
  await expect(
    createPostgresEventBus({ connectionString: 'postgres://postgres@127.0.0.1:1/nada', logger }),
  ).rejects.toThrow();
});

describe.runIf(serverUrl)('with a PostgreSQL server', () => {
  const url = serverUrl ?? '';
  let channel: string;
  let log: ReturnType<typeof capturingLogger>;
  let first: PostgresEventBus;
  let second: PostgresEventBus;
  const confirmTimeoutMs = 1_000;

  /** One bus per server instance, on a channel no other test file uses. */
  const openBus = () =>
    createPostgresEventBus({
      connectionString: url,
      logger: log.logger,
      channel,
      confirmTimeoutMs,
    });

  /**
   * Returns once `bus` has heard everything committed on the channel before this call:
   * PostgreSQL hands a listener its notifications in commit order, those of others before its
   * own NOTIFY's answer.
   */
  const caughtUp = (bus: PostgresEventBus) => bus.publish('ninguem', { type: 'profile.changed' });
  const unacknowledged = () => log.messages().filter((m) => m.includes('no acknowledgement'));

  beforeEach(async () => {
    channel = `papelada_test_${randomBytes(6).toString('hex')}`;
    log = capturingLogger();
    first = await openBus();
    second = await openBus();
  });

  afterEach(async () => {
    await first.close();
    await second.close();
  });

  async function runSql(statement: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(statement, values);
    } finally {
      await client.end();
    }
  }

  test("an event published on one instance reaches its account's subscribers on every one", async () => {
    const onFirst: AccountEvent[] = [];
    const onSecond: AccountEvent[] = [];
    const otherAccount: AccountEvent[] = [];
    first.subscribe('conta-a', (event) => onFirst.push(event));
    second.subscribe('conta-a', (event) => onSecond.push(event));
    second.subscribe('conta-b', (event) => otherAccount.push(event));

    const event = created([randomUUID()]);
    await first.publish('conta-a', event);
    await vi.waitFor(() => expect(onSecond).toEqual([event]));
    await vi.waitFor(() => expect(onFirst).toEqual([event]));

    // Notifications arrive in the order sent: once B's own is in, A's would have come first.
    await first.publish('conta-b', { type: 'profile.changed' });
    await vi.waitFor(() => expect(otherAccount).toEqual([{ type: 'profile.changed' }]));
    expect(onSecond).toEqual([event]);
  });

  test('an unsubscribed listener hears nothing more', async () => {
    const heard: AccountEvent[] = [];
    const unsubscribe = second.subscribe('conta-a', (event) => heard.push(event));
    await first.publish('conta-a', created(['1']));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    unsubscribe();
    const later: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => later.push(event));
    await first.publish('conta-a', created(['2']));
    await vi.waitFor(() => expect(later).toHaveLength(1));
    expect(heard).toEqual([created(['1'])]);
  });

  test('a too large event arrives without its ids', async () => {
    const heard: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => heard.push(event));
    await first.publish('conta-a', created(Array.from({ length: 300 }, () => randomUUID())));
    await vi.waitFor(() => expect(heard).toEqual([created([])]));
  });

  test('a malformed notification on the channel is logged and skipped', async () => {
    const heard: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => heard.push(event));
    await runSql('select pg_notify($1, $2)', [channel, 'não é JSON']);
    await runSql('select pg_notify($1, $2)', [channel, '{"accountId":"conta-a","event":{}}']);
    await first.publish('conta-a', { type: 'profile.changed' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'profile.changed' }]));
    // Both instances listen, so each logs both.
    expect(log.messages().filter((m) => m.includes('malformed'))).toHaveLength(4);
  });

  test('a lost connection is logged and re-established, and open subscriptions are ended', async () => {
    const heard: AccountEvent[] = [];
    const onEnd = vi.fn();
    second.subscribe('conta-a', (event) => heard.push(event), onEnd);
    const killed = await runSql(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
      [`papelada-events ${second.instanceId}`],
    );
    expect(killed.rowCount).toBe(1);

    // Events sent while it was down are gone: the subscription ends so the client refetches.
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(log.messages()).toContain('events: lost the LISTEN connection; reconnecting');
    expect(log.messages()).toContain('events: LISTEN connection restored');

    second.subscribe('conta-a', (event) => heard.push(event));
    await first.publish('conta-a', { type: 'profile.changed' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'profile.changed' }]));
  });

  test('a confirmed event has been delivered on every other instance when publish resolves', async () => {
    const heard: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => heard.push(event));
    await caughtUp(first);
    for (const type of ['sessions.revoked', 'subscription.changed', 'team.changed'] as const) {
      await first.publish('conta-a', { type });
      // Not waited for: delivered before the publish on the other instance resolved.
      expect(heard.at(-1)).toEqual({ type });
    }
    expect(unacknowledged()).toEqual([]);
  });

  test('an instance that never acknowledges is waited for once, up to the timeout', async () => {
    // A server that crashed after saying hello: it never answers.
    await runSql('select pg_notify($1, $2)', [
      channel,
      JSON.stringify({ roll: { kind: 'hello', from: 'fantasma' } }),
    ]);
    await caughtUp(first);
    const startedAt = performance.now();
    await first.publish('conta-a', { type: 'sessions.revoked' });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(confirmTimeoutMs - 5);
    expect(unacknowledged()).toHaveLength(1);
    // Off the roll until heard again; `second` still acknowledges.
    const heard: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => heard.push(event));
    await first.publish('conta-a', { type: 'sessions.revoked' });
    expect(heard).toEqual([{ type: 'sessions.revoked' }]);
    expect(unacknowledged()).toHaveLength(1);
  });

  test('an instance that said goodbye is not waited for', async () => {
    await second.close();
    await caughtUp(first);
    await first.publish('conta-a', { type: 'sessions.revoked' });
    expect(unacknowledged()).toEqual([]);
    second = await openBus();
    await caughtUp(first);
    const heard: AccountEvent[] = [];
    second.subscribe('conta-a', (event) => heard.push(event));
    await first.publish('conta-a', { type: 'team.changed' });
    expect(heard).toEqual([{ type: 'team.changed' }]);
  });

  test('publish after close resolves, and close ends the open subscriptions', async () => {
    const onEnd = vi.fn();
    first.subscribe('conta-a', () => {}, onEnd);
    await first.close();
    expect(onEnd).toHaveBeenCalledOnce();
    await expect(first.publish('conta-a', { type: 'profile.changed' })).resolves.toBeUndefined();
  });

  test("a change made through this instance, and one from another, reach the account's stream", async () => {
    const t = await createTestApp({ events: first });
    try {
      const cookie = await signUpVerified(t, 'eventos-pg@exemplo.pt');
      const res = await t.app.request('/api/events', { headers: { cookie } });
      const stream = sseReader(res);
      expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });

      const posted = await invoiceApi(t, cookie).send('POST', '/api/invoices', invoiceBody());
      expect(posted.status).toBe(201);
      const { id }: { id: string } = await posted.json();
      expect(JSON.parse((await stream.nextEvent()).data)).toEqual(created([id]));

      await second.publish(await accountIdOf(t, cookie), { type: 'profile.changed' });
      expect(await stream.nextEvent()).toEqual({
        event: 'profile.changed',
        data: '{"type":"profile.changed"}',
      });
      await stream.cancel();
    } finally {
      await t.close();
    }
  });
});
