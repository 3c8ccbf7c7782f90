import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hc } from 'hono/client';
import { pino } from 'pino';
import { createApp, type AppDeps, type AppType } from '#server/app.ts';
import { useAppRole, type DbHandle } from '#server/db/client.ts';
import { createAuth, type Auth, type GoogleCredentials } from '#server/features/auth/auth.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { createLazyScanner } from '#server/features/scan/lazy-scanner.ts';
import { createRandomKeyCipher } from '#server/services/crypto/encryption-key.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { createInProcessEventBus, type EventBus } from '#server/services/events/event-bus.ts';
import { FORBIDDEN_MESSAGE } from '#shared/capabilities.ts';
import type { Actor, SubUserRole } from '#shared/permissions.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import type { PlanId } from '#shared/plans.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { LOOPBACK_ENV, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-request.ts';

export { LOOPBACK_ENV, peerEnv, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-request.ts';

/** Better Auth's secret in API tests (production generates one under DATA_DIR). */
const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');

/** Who acts for the app's signed-in requests: the main user, a sub-user's role, or nobody yet. */
export type ActAs = 'main' | SubUserRole | 'pending';

export function actorFor(actAs: ActAs): Actor {
  if (actAs === 'main' || actAs === 'pending') return { kind: actAs };
  return { kind: 'sub-user', role: actAs, subUserId: `test-${actAs}` };
}

/**
 * The error a refused actor gets: before a profile is chosen the request scope refuses first,
 * with its own code (ADR 024); a role without the right gets FORBIDDEN.
 */
export function refusalOf(actor: ActAs | Actor['kind']): { code: string; message: string } {
  return actor === 'pending'
    ? { code: 'PROFILE_SELECTION_REQUIRED', message: TEAM_MESSAGES.profileSelectionRequired }
    : { code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE };
}

export type TestAppOptions = Partial<AppDeps> & {
  /** Builds Better Auth with Google sign-in configured (config.googleEnabled follows). */
  google?: GoogleCredentials;
  /**
   * Every signed-in request of this app acts as this actor (AppDeps.actorOf), whatever its
   * session: team sessions do not exist yet, and the gates are tested for every role now.
   */
  actAs?: ActAs;
};

/** With `plan`, createTestApp also signs up a verified account on that plan. */
export type SignedInTestAppOptions = TestAppOptions & {
  plan: PlanId;
  /** The account's email; a fresh one by default. */
  email?: string;
};

export type TestApp = {
  app: ReturnType<typeof createApp>;
  client: ReturnType<typeof hc<AppType>>;
  db: DbHandle;
  /** The app's live-change bus: tests subscribe to see what a request published. */
  events: EventBus;
  /** The app's Better Auth, e.g. for the request scope on a route built in a test. */
  auth: Auth;
  /** Seals the app's NIFs and emails at rest: a random key of its own unless one is passed. */
  cipher: FieldCipher;
  close(): Promise<void>;
};

/** A test app with a verified account on a plan, signed in: `client` sends its cookie. */
export type SignedInTestApp = TestApp & { cookie: string; accountId: string; email: string };

let signedInCount = 0;

/**
 * The real app on a fresh migrated database (or `db`), with the typed client the web uses.
 * With `plan`: a verified account on that plan (granted as the built-in provider does), signed
 * in, its `client` ready; with `actAs`: every signed-in request acts as that actor.
 */
export async function createTestApp(options: SignedInTestAppOptions): Promise<SignedInTestApp>;
export async function createTestApp(options?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(
  options: TestAppOptions | SignedInTestAppOptions = {},
): Promise<TestApp | SignedInTestApp> {
  const { plan, email: chosenEmail, ...appOptions }: Partial<SignedInTestAppOptions> = options;
  const t = await createBareTestApp(appOptions);
  if (plan === undefined) return t;
  signedInCount += 1;
  const email = chosenEmail ?? `conta${signedInCount}.${Date.now()}@exemplo.pt`;
  const cookie = await signUpVerified(t, email);
  // The main user's id is the account's.
  const session = await t.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error('createTestApp: the new account has no session');
  const accountId = session.user.id;
  // As the built-in provider grants one; the cached session forgets the old plan at once.
  await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId: plan });
  const client = hc<AppType>(TEST_ORIGIN, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      t.app.request(input, init, LOOPBACK_ENV),
    headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN, cookie },
  });
  return { ...t, client, cookie, accountId, email };
}

async function createBareTestApp(options: TestAppOptions): Promise<TestApp> {
  const { google, actAs, ...overrides } = options;
  const db = overrides.db ?? (await createTestDb());
  // As startServer does: the app's statements run as the role row-level security binds (ADR 027).
  await useAppRole(db);
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
  const cipher = overrides.cipher ?? createRandomKeyCipher();
  const app = createApp({
    db,
    logger,
    auth,
    mailer,
    storage,
    events,
    scanner,
    cipher,
    config,
    ...(actAs ? { actorOf: () => actorFor(actAs) } : {}),
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
    // A database passed in may serve other apps of the test: whoever passed it closes it.
    if (!overrides.db) await db.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { app, client, db, auth, events, cipher, close };
}
