// The CLI's own way to the data when no server runs it (ADR 018): PostgreSQL by DATABASE_URL,
// or the PGlite under DATA_DIR while the CLI holds its admin socket. The event bus is
// PostgreSQL's with a URL, so running servers still hear 'subscription.changed' and revoked
// sessions; the storage is the server's (S3_* or DATA_DIR/files), and so is the billing
// provider (STRIPE_*), so delete-account cancels a subscription Stripe sold; and so is the
// mail (SMTP_URL, or the outbox), so support-reply's email goes the way the server's would.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pino } from 'pino';
import { createDb, type DbHandle } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import type { Env } from '#server/env.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import {
  billingConfigFromEnv,
  createBillingProvider,
} from '#server/services/billing/billing-config.ts';
import { loadEncryptionKeys, type EncryptionKeys } from '#server/services/crypto/encryption-key.ts';
import { createInProcessEventBus, type EventBus } from '#server/services/events/event-bus.ts';
import { createPostgresEventBus } from '#server/services/events/postgres-event-bus.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { s3ConfigFromEnv } from '#server/services/storage/s3-config.ts';
import { createS3Storage } from '#server/services/storage/s3-storage.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import type { AdminDeps } from './admin-deps.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { missingPgliteMessage } from './pglite-presence.ts';

export type DirectConnection = { deps: AdminDeps; close(): Promise<void> };
export type OpenDirectResult =
  { kind: 'open'; connection: DirectConnection } | { kind: 'failed'; message: string };

/**
 * Opens the database (applying pending migrations, as the server does at boot), the bus and
 * the storage. The caller holds the admin socket first when the database is PGlite.
 */
export async function openDirect(env: Env): Promise<OpenDirectResult> {
  const dataDir = path.resolve(env.DATA_DIR);
  const missing = env.DATABASE_URL ? null : missingPgliteMessage(dataDir);
  if (missing) return { kind: 'failed', message: missing };
  let db: DbHandle | undefined;
  let events: EventBus | undefined;
  let storage: Storage;
  let billing: BillingProvider;
  let encryption: EncryptionKeys;
  try {
    // The server's keys: ENCRYPTION_KEY, or the file in DATA_DIR (created if the CLI is first).
    encryption = loadEncryptionKeys(dataDir, {
      key: env.ENCRYPTION_KEY,
      previousKey: env.ENCRYPTION_KEY_PREVIOUS,
    });
    storage = storageFor(env, dataDir);
    billing = createBillingProvider({
      config: billingConfigFromEnv(env),
      // Where Checkout would send people back: the CLI never opens one.
      appUrl: env.APP_URL ?? 'http://localhost',
      logger: pino({ level: 'silent' }),
    });
    db = await createDb({ databaseUrl: env.DATABASE_URL, dataDir });
    await db.ping();
    await migrateDb(db);
    events = trackPublishes(
      env.DATABASE_URL
        ? await createPostgresEventBus({
            connectionString: env.DATABASE_URL,
            logger: pino({ level: 'silent' }),
          })
        : createInProcessEventBus(),
    );
  } catch (error) {
    await db?.close().catch(() => {});
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', message: ADMIN_MESSAGES.cannotOpen(detail) };
  }
  const bus = events;
  const handle = db;
  return {
    kind: 'open',
    connection: {
      deps: {
        db: handle.db,
        events: bus,
        storage,
        billing,
        encryption,
        dataDir,
        now: () => new Date(),
        // The server's way of sending (SMTP_URL, else the outbox the dev mailbox shows).
        support: {
          mailer: createMailer({
            db: handle.db,
            logger: pino({ level: 'silent' }),
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM,
            devMailbox: false,
          }),
          supportEmail: env.SUPPORT_EMAIL,
          appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
        },
      },
      close: async () => {
        await bus.close();
        await handle.close();
      },
    },
  };
}

export function storageFor(env: Env, dataDir: string): Storage {
  // The secret only signs /api/files URLs, which the CLI never hands out.
  const secret = randomBytes(32).toString('base64url');
  const s3 = s3ConfigFromEnv(env);
  return s3
    ? createS3Storage({ ...s3, secret })
    : createStorage({ root: path.join(dataDir, 'files'), secret });
}

/**
 * Commands publish in the background (publishInBackground); a CLI about to exit must let
 * those NOTIFYs leave before it closes the bus.
 */
function trackPublishes(bus: EventBus): EventBus {
  const pending = new Set<Promise<void>>();
  return {
    ...bus,
    publish(accountId, event) {
      const published = bus.publish(accountId, event);
      const settled = published.then(
        () => {},
        () => {},
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return published;
    },
    async close() {
      await Promise.all(pending);
      await bus.close();
    },
  };
}
