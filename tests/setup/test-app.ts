import { mkdtempSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hc } from 'hono/client';
import { pino } from 'pino';
import { createApp, type AppDeps, type AppType } from '#server/app.ts';
import type { DbHandle } from '#server/db/client.ts';
import { createAuth, type Auth, type GoogleCredentials } from '#server/features/auth/auth.ts';
import { createLazyScanner } from '#server/features/scan/lazy-scanner.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { createInProcessEventBus, type EventBus } from '#server/services/events/event-bus.ts';
import { createTestDb } from '#tests/setup/test-db.ts';

export const TEST_ORIGIN = 'http://localhost';
/** A well-formed X-CSRF-Token, as the web client generates one (32 random bytes, hex). */
export const TEST_CSRF_TOKEN = 'ab'.repeat(32);
/** Better Auth's secret in API tests (production generates one under DATA_DIR). */
const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');

/**
 * The Node bindings @hono/node-server hands the app as `c.env`, reduced to what getConnInfo reads:
 * the TCP peer. `app.request(path, init, peerEnv('203.0.113.7'))` is a request from that address;
 * without it a request has no socket, as from nowhere.
 */
export function peerEnv(remoteAddress: string) {
  const remoteFamily = isIP(remoteAddress) === 6 ? 'IPv6' : 'IPv4';
  return { incoming: { socket: { remoteAddress, remotePort: 54_321, remoteFamily } } };
}

/** A request from this machine, as a test runner on it makes one (the dev mailbox needs it). */
export const LOOPBACK_ENV = peerEnv('127.0.0.1');

export type TestAppOptions = Partial<AppDeps> & {
  /** Builds Better Auth with Google sign-in configured (config.googleEnabled follows). */
  google?: GoogleCredentials;
};

export type TestApp = {
  app: ReturnType<typeof createApp>;
  client: ReturnType<typeof hc<AppType>>;
  db: DbHandle;
  /** The app's live-change bus: tests subscribe to see what a request published. */
  events: EventBus;
  /** The app's Better Auth, e.g. for requireAccount on a route built in a test. */
  auth: Auth;
  close(): Promise<void>;
};

/** The real app on a fresh migrated database, with the typed client the web uses. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { google, ...overrides } = options;
  const db = overrides.db ?? (await createTestDb());
  const logger = overrides.logger ?? pino({ level: 'silent' });
  // The dev outbox: tests read links from GET /api/dev/emails or the dev_outbox table.
  const mailer = overrides.mailer ?? createMailer({ db: db.db, logger, devMailbox: true });
  const auth =
    overrides.auth ??
    createAuth({
      db: db.db,
      mailer,
      logger,
      baseURL: overrides.appUrl ?? TEST_ORIGIN,
      secret: TEST_SESSION_SECRET,
      google,
    });
  const config = {
    devMailbox: true,
    googleEnabled: google !== undefined,
    dataDir: '',
    sessionSecret: TEST_SESSION_SECRET,
  };
  // Uploaded files go to a throw-away directory, removed on close().
  const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-files-'));
  const storage = createStorage({ root: filesDir, secret: TEST_SESSION_SECRET });
  const events = overrides.events ?? createInProcessEventBus();
  // Loaded on the first scan only, and closed below (its OCR workers would outlive the file).
  const scanner = overrides.scanner ?? createLazyScanner({ logger });
  const app = createApp({
    db,
    logger,
    auth,
    mailer,
    storage,
    events,
    scanner,
    config,
    ...overrides,
  });
  const client = hc<AppType>(TEST_ORIGIN, {
    // Sent from the loopback address, like the web client of a developer on this machine.
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init, LOOPBACK_ENV),
    headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  const close = async () => {
    if (!overrides.scanner) await scanner.close();
    await events.close();
    await db.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { app, client, db, auth, events, close };
}
