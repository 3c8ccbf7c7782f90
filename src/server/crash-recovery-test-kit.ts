// The pieces of src/server/crash-recovery.test.ts: a database a server can be restarted on
// (PGlite under a temporary DATA_DIR, or a fresh database on TEST_DATABASE_URL's server), the
// real entry (`npm start` once the web bundle is built: src/server/index.ts) as a child process
// that can be killed with SIGKILL, a mail server that can hold a message half-sent, and requests
// as the web client sends them (session cookie, Origin, X-CSRF-Token, Idempotency-Key).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runAdminCli } from '#server/admin/admin-cli.ts';
import { createDb, type DbHandle } from '#server/db/client.ts';
import { cookiesOf, particularSignUp } from '#server/features/auth/test-helpers.ts';
import { type SmtpSink } from '#tests/setup/smtp-sink.ts';
import { createEmptyServerDatabase } from '#tests/setup/test-db.ts';
import { waitFor } from '#tests/setup/wait-for.ts';
import { mulberry32 } from '#shared/seeded-random.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A well-formed X-CSRF-Token, as the web client generates one. */
const CSRF_TOKEN = 'ef'.repeat(32);
const BOOT_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** The same seed gives the same burst, kill point and delays. */
export const seededRandom = mulberry32;

/** Where a server keeps its data, the same across its restarts. */
export type Store = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR (secrets.json, files; the PGlite database too), and DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  /** The test's own connection; on PGlite only while no server holds the database. */
  open(): Promise<DbHandle>;
  /** Removes the data (drops the database); never throws. */
  remove(): Promise<void>;
};

export function pgliteStore(): Store {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-crash-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => createDb({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL). */
export async function postgresStore(serverUrl: string): Promise<Store> {
  const database = await createEmptyServerDatabase(serverUrl, 'crash');
  const databaseUrl = database.url;
  // Both boots share it: secrets.json (the session secret) and stored files.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-crash-pg-'));
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => createDb({ databaseUrl }),
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop().catch(() => {});
    },
  };
}

export type ServerProcess = {
  /** 1 for the first boot, 2 for the restart. */
  boot: number;
  /** http://localhost:<port>: also the Origin its writes must carry. */
  url: string;
  /** Set the moment before SIGKILL is sent: a request that then fails was cut by the kill. */
  readonly isKilled: boolean;
  /** SIGKILL, no grace: nothing the process holds in memory survives. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful shutdown), then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
  /** What it printed, for a failure message. */
  output(): string;
};

const running = new Set<ChildProcess>();
// Should the test worker exit without its afterAll, no server outlives it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Boots the real entry on `store` and waits until its health route answers 200. */
export async function startServer(
  store: Store,
  boot: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    // PORT=0: a free port, printed in the start line. Only warnings are logged.
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...store.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const append = (chunk: string) => {
    // The tail is enough to say why a boot failed.
    output = (output + chunk).slice(-20_000);
  };
  child.stdout?.setEncoding('utf8').on('data', append);
  child.stderr?.setEncoding('utf8').on('data', append);
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      running.delete(child);
      resolve();
    });
  });
  let isKilled = false;
  const kill = async () => {
    isKilled = true;
    if (!hasExited) child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const url = await waitFor(
      () => {
        if (hasExited) throw new Error(`boot ${boot} exited`);
        return /a correr em (http:\/\/\S+)/.exec(output)?.[1];
      },
      `boot ${boot} to start`,
      BOOT_TIMEOUT_MS,
    );
    await waitFor(
      () =>
        fetch(`${url}/api/health`).then(
          (res) => (res.status === 200 ? true : undefined),
          () => undefined,
        ),
      `boot ${boot} to be healthy`,
    );
    return {
      boot,
      url,
      get isKilled() {
        return isKilled;
      },
      kill,
      stop,
      output: () => output,
    };
  } catch (error) {
    await kill();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}:\n${output}`);
  }
}

export type RequestOptions = {
  cookie?: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  json?: unknown;
  idempotencyKey?: string;
};

/** A request as the web client sends it to `server`. */
export function request(server: ServerProcess, target: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
  if (method !== 'GET') {
    headers.origin = new URL(server.url).origin;
    headers['x-csrf-token'] = CSRF_TOKEN;
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${target}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    redirect: 'manual',
  });
}

/** Signs up through the API, follows the mailed verification link: the session cookie. */
export async function signUpVerified(
  server: ServerProcess,
  mail: SmtpSink,
  email: string,
): Promise<string> {
  const signUp = await request(server, '/api/account/sign-up', { json: particularSignUp(email) });
  if (signUp.status !== 201) {
    throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  }
  const link = await waitFor(() => {
    const message = mail.messages.find((m) => m.to.includes(email));
    // Quoted-printable soft breaks undone; the text part (first) holds the plain link.
    const text = message?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return text?.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email[^\s"<>]*/)?.[0];
  }, `the verification mail to ${email}`);
  const { pathname, search } = new URL(link);
  const cookie = cookiesOf(await request(server, pathname + search));
  if (!cookie.includes('session_token')) throw new Error('verification gave no session cookie');
  return cookie;
}

/** `npm run admin -- …` against the store, in this process (on PGlite, through the server). */
export async function admin(store: Store, argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let printed = '';
  stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const code = await runAdminCli(argv, {
    env: store.env,
    cwd: ROOT,
    stdin: new PassThrough(),
    stdout,
    stderr,
  });
  if (code !== 0) throw new Error(`admin ${argv.join(' ')} exited ${code}: ${printed}`);
}
