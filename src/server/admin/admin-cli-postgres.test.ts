// The CLI with DATABASE_URL (ADR 018): it works on the PostgreSQL server directly, and a plan
// change still reaches every running server, through the LISTEN/NOTIFY event bus they share.
// Needs a server: CI's PostgreSQL pass sets TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { authUsers, devOutbox, supportMessages } from '#server/db/schema/index.ts';
import { createAccountForUser } from '#server/features/auth/account.queries.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { createPostgresEventBus } from '#server/services/events/postgres-event-bus.ts';
import { runAdminCli } from './admin-cli-test-helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(serverUrl)('on a PostgreSQL server', () => {
  const name = `papelada_admin_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl ?? 'postgres://localhost');
  url.pathname = `/${name}`;
  const EMAIL = 'pg-operadora@exemplo.pt';

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    const handle = await createDb({ databaseUrl: url.toString() });
    try {
      await migrateDb(handle);
      await handle.db.insert(authUsers).values({ id: 'conta-pg', name: 'Paula', email: EMAIL });
      await createAccountForUser(handle.db, { userId: 'conta-pg', email: EMAIL, name: 'Paula' });
    } finally {
      await handle.close();
    }
  });

  afterAll(() => onServer(`drop database if exists ${name} with (force)`));

  test('set-plan writes the plan and a running server hears subscription.changed', async () => {
    // What a running server on this database listens to.
    const bus = await createPostgresEventBus({
      connectionString: url.toString(),
      logger: pino({ level: 'silent' }),
    });
    const heard: Array<[string, AccountEvent]> = [];
    bus.subscribeAll((accountId, event) => heard.push([accountId, event]));
    try {
      const env = { env: { DATABASE_URL: url.toString() } };
      const granted = await runAdminCli(['set-plan', EMAIL, 'enterprise_1000'], env);
      expect(granted).toMatchObject({ code: 0, stderr: '' });
      await expect
        .poll(() => heard, { timeout: 5_000 })
        .toContainEqual(['conta-pg', { type: 'subscription.changed' }]);
      const listed = await runAdminCli(['accounts', '--json'], env);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({
          email: EMAIL,
          plan: 'enterprise_1000',
          monthlyInvoiceLimit: 1000,
        }),
      ]);
    } finally {
      await bus.close();
    }
  }, 240_000);

  test('support-reply answers a help chat message: a running server hears support.changed, the person gets the email', async () => {
    const handle = await createDb({ databaseUrl: url.toString() });
    const bus = await createPostgresEventBus({
      connectionString: url.toString(),
      logger: pino({ level: 'silent' }),
    });
    const heard: Array<[string, AccountEvent]> = [];
    bus.subscribeAll((accountId, event) => heard.push([accountId, event]));
    try {
      const [message] = await handle.db
        .insert(supportMessages)
        .values({
          accountId: 'conta-pg',
          conversationKey: 'user:conta-pg',
          direction: 'user',
          body: 'Como mudo de plano?',
          userId: 'conta-pg',
          authorName: 'Paula',
        })
        .returning();
      const env = { env: { DATABASE_URL: url.toString() } };
      const listed = await runAdminCli(['support', '--json'], env);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({
          id: message?.id,
          accountEmail: EMAIL,
          body: 'Como mudo de plano?',
        }),
      ]);
      const id = message?.id.slice(0, 8) ?? '';
      const replied = await runAdminCli(['support-reply', id, 'Com', 'set-plan.'], env);
      expect(replied).toMatchObject({ code: 0, stderr: '' });
      await expect
        .poll(() => heard, { timeout: 5_000 })
        .toContainEqual(['conta-pg', { type: 'support.changed' }]);
      // No SMTP_URL: the CLI's mail goes to the outbox, as the server's would.
      const mails = await handle.db.select().from(devOutbox).where(eq(devOutbox.toAddress, EMAIL));
      expect(mails.map((m) => m.subject)).toEqual(['Resposta do suporte Papelada']);
      expect(mails[0]?.text).toContain('> Com set-plan.');
      expect((await runAdminCli(['support', '--json'], env)).stdout).toBe('[]\n');
    } finally {
      await bus.close();
      await handle.close();
    }
  }, 240_000);
});
