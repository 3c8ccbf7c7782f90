// startServer(): opens the database, applies migrations, and serves the app. Used by
// the `npm start` entry (index.ts) and by the browser tests.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type AppConfig } from '#server/app.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import { createDb, useAppRole } from '#server/db/client.ts';
import { runAdminCommand } from '#server/admin/admin-commands.ts';
import { openAdminSocket } from '#server/admin/admin-socket.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { createAuth, type GoogleCredentials } from '#server/features/auth/auth.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { loadOrCreateSecrets, type SecretOverrides } from '#server/secrets.ts';
import {
  loadEncryptionKeys,
  type EncryptionKeyOverrides,
} from '#server/services/crypto/encryption-key.ts';
import { sealClearValues } from '#server/services/crypto/sealed-backfill.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createS3Storage, type S3Config } from '#server/services/storage/s3-storage.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { createInProcessEventBus } from '#server/services/events/event-bus.ts';
import { createPostgresEventBus } from '#server/services/events/postgres-event-bus.ts';
import { isDevMailboxEnabled } from '#server/features/dev-mailbox/dev-mailbox-config.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { invoiceExpiryJob } from '#server/features/invoices/invoice-expiry.job.ts';
import { createLazyScanner } from '#server/features/scan/lazy-scanner.ts';
import { scanCleanupJob } from '#server/features/scan/scan-cleanup.job.ts';
import { securityPruneJob } from '#server/features/security/security-prune.job.ts';
import { idempotencyPruneJob } from '#server/features/idempotency/idempotency-prune.job.ts';
import { mailOutboxJob } from '#server/services/mail/mail-outbox.job.ts';
import { billingScheduleJob } from '#server/features/billing/billing-schedule.job.ts';
import { reminderDeliveryJob, remindersJob } from '#server/features/notifications/reminders.job.ts';
import { createPushSender, pushSubject } from '#server/services/push/push-sender.ts';
import {
  createBillingProvider,
  type BillingConfig,
} from '#server/services/billing/billing-config.ts';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 50;

/**
 * Node closes a kept-alive connection after 5 s idle by default. A client (a browser, a proxy,
 * Playwright's request context) that reuses the connection just as the server closes it gets
 * ECONNRESET, so the server must keep an idle connection longer than any client keeps it for
 * reuse (load balancers commonly keep 60 s). The headers timeout stays above it, or a request
 * arriving late on a reused connection could be cut before its headers are read; the request
 * timeout bounds a whole upload (photos up to 10 MB from a phone). Graceful shutdown does not
 * wait for these: close() sweeps idle connections.
 */
export const HTTP_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 300_000,
} as const;

export type StartServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  appUrl?: string;
  hostname?: string;
  logLevel?: string;
  logger?: Logger;
  webDir?: string;
  /** GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: Google sign-in is offered only with both. */
  google?: GoogleCredentials;
  /** SMTP_URL: real mail; without it the dev outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** NODE_ENV=production (or an https APP_URL) turns the dev mailbox off unless DEV_MAILBOX=1. */
  isProduction?: boolean;
  forceDevMailbox?: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For entries name the client (per-IP limits). */
  trustProxy?: TrustProxy;
  /** S3_*: uploaded files in an S3-compatible store; without it on disk under DATA_DIR. */
  s3?: S3Config;
  /** SESSION_SECRET, VAPID_*: shared by several servers; else generated under DATA_DIR. */
  secrets?: SecretOverrides;
  /** ENCRYPTION_KEY (and _PREVIOUS during a rotation); else generated under DATA_DIR (ADR 028). */
  encryptionKey?: EncryptionKeyOverrides;
  /** STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET, SUPPORT_EMAIL: without Stripe, the manual provider. */
  billing?: BillingConfig;
};

export type RunningServer = {
  url: string;
  /** The dev mailbox is on (contract 4, ADR 012): `npm start` warns about it. */
  devMailbox: boolean;
  close(): Promise<void>;
};

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const { sessionSecret, vapid } = loadOrCreateSecrets(dataDir, options.secrets);
  const encryption = loadEncryptionKeys(dataDir, options.encryptionKey);

  // Embedded PGlite opens in one process only: the admin socket is the hold on it, and the way
  // `npm run admin` runs its commands in this process while it serves (ADR 018).
  const adminSocket = options.databaseUrl
    ? undefined
    : await openAdminSocket({ dataDir, logger, role: 'server' });
  const db = await createDb({ databaseUrl: options.databaseUrl, dataDir }).catch(
    async (error: unknown) => {
      await adminSocket?.close();
      throw error;
    },
  );
  await migrateDb(db);
  // NIFs and emails still in the clear (written before migration 0019, or by an older server)
  // are encrypted before anything is served (ADR 028); nothing to do on later starts.
  const sealed = await sealClearValues(db.db, encryption.cipher);
  if (sealed.profiles + sealed.invoices + sealed.suppliers > 0) {
    logger.info(sealed, 'values encrypted at rest');
  }
  // Migrated as the owner; from here every statement runs as the role that row-level security
  // binds (ADR 027); the admin commands keep the owner (runAdminCommand).
  if (!(await useAppRole(db)))
    logger.warn('the role papelada_app is missing: the app runs as the connecting role (ADR 027)');

  // Listen first: with port 0 the port, and so the base URL of emailed links, is known only
  // once the socket is bound. Nothing is served before the app below exists.
  const served: { app?: ReturnType<typeof createApp> } = {};
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (request, env) =>
          served.app ? served.app.fetch(request, env) : new Response(null, { status: 503 }),
        port: options.port,
        hostname: options.hostname,
        serverOptions: { ...HTTP_TIMEOUTS },
      },
      () => resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;

  const config: AppConfig = {
    devMailbox: isDevMailboxEnabled(options),
    googleEnabled: options.google !== undefined,
    dataDir,
    sessionSecret,
  };
  const mailer = createMailer({
    db: db.db,
    logger,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
    devMailbox: config.devMailbox,
  });
  const auth = createAuth({
    db: db.db,
    mailer,
    logger,
    baseURL: options.appUrl ?? `http://localhost:${port}`,
    secret: sessionSecret,
    google: options.google,
  });
  // One process on PGlite; with a PostgreSQL server there may be several instances behind a
  // load balancer, and LISTEN/NOTIFY reaches the streams open on each of them.
  const events = options.databaseUrl
    ? await createPostgresEventBus({ connectionString: options.databaseUrl, logger })
    : createInProcessEventBus({ logger });
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  // POST /api/scan; its code loads on the first scan and its OCR workers on the first OCR.
  const scanner = createLazyScanner({ logger });
  const storage = options.s3
    ? createS3Storage({ ...options.s3, secret: sessionSecret })
    : createStorage({ root: path.join(dataDir, 'files'), secret: sessionSecret });
  const billing = createBillingProvider({
    config: options.billing,
    appUrl: options.appUrl ?? `http://localhost:${port}`,
    logger,
  });
  // Web Push with our own VAPID keys (issue 20.3): the reminders' pushes and the key browsers
  // subscribe with.
  const push = createPushSender({ vapid, subject: pushSubject(options.appUrl, options.mailFrom) });
  served.app = createApp({
    db,
    logger,
    appUrl: options.appUrl,
    trustProxy: options.trustProxy,
    webDir: existsSync(webDir) ? webDir : undefined,
    auth,
    mailer,
    storage,
    events,
    scanner,
    billing,
    cipher: encryption.cipher,
    push,
    supportEmail: options.billing?.supportEmail,
    config,
  });
  // The features' scheduled jobs (ADR 015), each caught up at once if its last run was missed.
  // Not awaited: it never rejects, and serving does not wait for it.
  const scheduler = createScheduler({
    db: db.db,
    logger,
    jobs: [
      invoiceExpiryJob({ events }),
      scanCleanupJob({ storage }),
      billingScheduleJob({ events }),
      securityPruneJob(),
      idempotencyPruneJob(),
      mailOutboxJob({ mailer }),
      ...[remindersJob, reminderDeliveryJob].map((job) =>
        job({ db: db.db, push, mailer, appUrl: options.appUrl ?? `http://localhost:${port}` }),
      ),
    ],
  });
  void scheduler.start();
  const adminDeps = {
    db: db.db,
    events,
    storage,
    billing,
    encryption,
    dataDir,
    now: () => new Date(),
    support: {
      mailer,
      supportEmail: options.billing?.supportEmail,
      appUrl: options.appUrl ?? `http://localhost:${port}`,
    },
  };
  adminSocket?.serve((request) => runAdminCommand(adminDeps, request));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      adminSocket?.serve(undefined);
      // Event streams never end by themselves: closing the bus ends them first, so they do not
      // hold the shutdown until the grace period is over.
      await events.close();
      // Stop accepting connections, let in-flight requests finish, then release the database.
      await new Promise<void>((resolve) => {
        const closeIdle = () => {
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        };
        // A kept-alive connection goes idle only once its response has ended (an event stream
        // a moment after the bus closed it): close each one as it does, not just those idle now.
        const sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
        const timer = setTimeout(() => {
          clearInterval(sweep);
          if ('closeAllConnections' in server) server.closeAllConnections();
          resolve();
        }, SHUTDOWN_GRACE_MS);
        timer.unref();
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(timer);
          resolve();
        });
        closeIdle();
      });
      await scheduler.stop();
      await scanner.close();
      await db.close();
      await adminSocket?.close();
    })();
    return closing;
  };

  return { url: `http://localhost:${port}`, devMailbox: config.devMailbox, close };
}
