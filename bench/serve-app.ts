// The real app for the endpoint benchmark, served over HTTP on a free port of 127.0.0.1:
// deps assembled as tests/setup/test-app.ts does (Better Auth, dev-outbox mailer, storage in
// a temporary dir, in-process event bus), and a user signed up and verified through it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/logger.ts';
import type { DbHandle } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema/index.ts';
import { createAuth } from '#server/features/auth/auth.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createInProcessEventBus } from '#server/services/events/event-bus.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { createRandomKeyCipher } from '#server/services/crypto/encryption-key.ts';

/** A well-formed X-CSRF-Token, as the web client generates one (32 random bytes, hex). */
const CSRF_TOKEN = randomBytes(32).toString('hex');
const PASSWORD = 'segredo-bench-123';
const VERIFY_SUBJECT = 'Confirme o seu email';

export type ServedApp = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The app itself, for in-process requests (no socket) beside the HTTP ones. */
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
};

/** `webDir`: also serve the built SPA (the web benchmark). */
export async function serveApp(
  handle: DbHandle,
  options: { webDir?: string } = {},
): Promise<ServedApp> {
  // Listen first: with port 0 the origin, and so the base URL of emailed links, is known only
  // once the socket is bound (as src/server/server.ts does).
  const served: { app?: ReturnType<typeof createApp> } = {};
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (request, env) =>
          served.app ? served.app.fetch(request, env) : new Response(null, { status: 503 }),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  // Node's default is 5 s. Between timed runs the connections of the load generator idle
  // while the bench replays bare SQL, and PGlite blocks this thread for seconds at a time: a
  // request sent on an idle connection just as the late close timer fires is reset. Within a
  // run the clients send back to back, so the timeout never applies there.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 600_000;
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  // Production's logger (src/server/logger.ts): one JSON line per API request, written
  // asynchronously in batches, here to /dev/null.
  const logger = createLogger('info', { dest: '/dev/null' });
  const secret = randomBytes(32).toString('hex');
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const auth = createAuth({ db: handle.db, mailer, logger, baseURL: origin, secret });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-bench-files-'));
  const events = createInProcessEventBus();
  served.app = createApp({
    db: handle,
    logger,
    auth,
    mailer,
    storage: createStorage({ root: filesDir, secret }),
    events,
    webDir: options.webDir,
    cipher: createRandomKeyCipher(),
    config: { devMailbox: true, googleEnabled: false, dataDir: '', sessionSecret: secret },
  });

  return {
    origin,
    app: served.app,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await events.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

const sessionSchema = z.object({ user: z.object({ id: z.string() }) });

/**
 * Signs up through POST /api/account/sign-up, follows the emailed verification link, and
 * returns the session cookie and the user's id (which is its account's id).
 */
export async function signUpVerified(
  app: ServedApp,
  handle: DbHandle,
  email: string,
): Promise<{ cookie: string; accountId: string }> {
  const signUp = await fetch(`${app.origin}/api/account/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.origin,
      'x-csrf-token': CSRF_TOKEN,
    },
    body: JSON.stringify({
      accountType: 'particular',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      fullName: 'Conta Benchmark',
      acceptTerms: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);

  const [mail] = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, email))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  const link = mail?.subject.includes(VERIFY_SUBJECT)
    ? mail.links.find((l) => l.includes('/api/auth/'))
    : undefined;
  if (!link) throw new Error(`no verification mail to ${email}`);
  const verified = await fetch(link, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`verification gave no session cookie (${verified.status})`);

  const session = await fetch(`${app.origin}/api/auth/get-session`, { headers: { cookie } });
  const { user } = sessionSchema.parse(await session.json());
  return { cookie, accountId: user.id };
}
