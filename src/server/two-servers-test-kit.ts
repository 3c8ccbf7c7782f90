// Two real server processes on one PostgreSQL database and one S3-compatible store, set up the
// way docs/deployment.md says: the entry `npm start` runs once the web bundle is built
// (src/server/index.ts), each server with its own DATA_DIR holding the same secrets.json, and
// the same DATABASE_URL, S3_*, APP_URL and TRUST_PROXY. For src/server/two-servers.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createDb, type Database } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { createEmptyServerDatabase } from '#tests/setup/test-db.ts';
import { waitFor } from '#tests/setup/wait-for.ts';
import { generateSecrets } from '#server/secrets.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** APP_URL: the load balancer's public address (.test is reserved, RFC 6761; never resolved). */
export const PUBLIC_URL = 'http://papelada.test';
/** A well-formed X-CSRF-Token, as the web client generates one. */
const CSRF_TOKEN = 'cd'.repeat(32);
const BUCKET = 'papelada-ficheiros';
const BOOT_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** One pino line of a server's stdout. */
export type LogLine = { msg?: string; job?: string; [field: string]: unknown };

export type ServerProcess = {
  name: string;
  /** Its own address (the test talks to each server directly, as the load balancer does). */
  url: string;
  dataDir: string;
  logs(): LogLine[];
  /** SIGTERM, then SIGKILL if it has not exited within STOP_TIMEOUT_MS. */
  stop(): Promise<void>;
};

export type TwoServers = {
  a: ServerProcess;
  b: ServerProcess;
  /** The test's own connection to the servers' database. */
  db: Database;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** Stops everything started, in reverse order, and drops the database; never throws. */
  stop(): Promise<void>;
};

export type StartTwoServersOptions = {
  /** TEST_DATABASE_URL: the PostgreSQL server to create the scratch database on. */
  serverUrl: string;
  /** Runs on the migrated database before the servers boot. */
  seed?: (db: Database) => Promise<void>;
  /** Extra variables for the servers (an SMTP_URL). */
  env?: Record<string, string>;
};

/**
 * Creates the database, both servers and the S3 store. What was started before a failure is
 * stopped again before the error is rethrown, so a failed set-up leaves no process behind.
 */
export async function startTwoServers(options: StartTwoServersOptions): Promise<TwoServers> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createEmptyServerDatabase(options.serverUrl, '2srv');
    cleanups.push(database.drop);
    const handle = await createDb({ databaseUrl: database.url });
    cleanups.push(() => handle.close());
    // Migrated here rather than by the servers' boot, so the seed can run before they start.
    await migrateDb(handle);
    await options.seed?.(handle.db);

    const s3Dir = mkdtempSync(path.join(tmpdir(), 'papelada-two-servers-s3-'));
    cleanups.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      vhostBuckets: false,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3rver.run();
    cleanups.push(() => s3rver.close());
    // s3rver's built-in account.
    const s3 = {
      endpoint: `http://127.0.0.1:${s3Port}`,
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };

    // docs/deployment.md "Secrets shared by every server": one secrets.json, a copy in every
    // server's own DATA_DIR.
    const secrets = JSON.stringify(generateSecrets(), null, 2);
    const dataDirFor = (name: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `papelada-two-servers-${name}-`));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(path.join(dir, 'secrets.json'), secrets, { mode: 0o600 });
      return dir;
    };

    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      APP_URL: PUBLIC_URL,
      TRUST_PROXY: '1',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      // 'scheduled run skipped' is a debug line.
      LOG_LEVEL: 'debug',
      ...options.env,
    };
    const boot = (name: string) => {
      const server = spawnServer(name, { ...shared, DATA_DIR: dataDirFor(name) });
      cleanups.push(server.stop);
      return server.ready;
    };
    // Booted together, as a deployment starts its servers: their scheduler catch-ups collide.
    const [a, b] = await Promise.all([boot('A'), boot('B')]);
    return { a, b, db: handle.db, s3, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const running = new Set<ChildProcess>();
// Should the test worker exit without its afterAll (a crash), no server outlives it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function spawnServer(name: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    // PORT=0: the system picks a free port; the server logs the one it got.
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: LogLine[] = [];
  let output = '';
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
    partial += chunk;
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed: LogLine = JSON.parse(line);
        lines.push(parsed);
      } catch {
        // Not a log line.
      }
    }
  });
  child.stderr?.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const ready = (async (): Promise<ServerProcess> => {
    const url = await waitFor(
      () => {
        if (hasExited) throw new Error(`server ${name} exited during boot`);
        const started = lines.find((line) => line.msg === 'server started');
        return typeof started?.url === 'string' ? started.url : undefined;
      },
      `server ${name} to start`,
      BOOT_TIMEOUT_MS,
    ).catch((error: unknown) => {
      // What it printed says why (an invalid variable, a database it could not reach).
      throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${output}`);
    });
    // Readiness as a load balancer's health check sees it.
    await waitFor(
      () =>
        fetch(`${url}/api/health`).then(
          (res) => (res.status === 200 ? true : undefined),
          () => undefined,
        ),
      `server ${name} to be healthy`,
    );
    return { name, url, dataDir: env.DATA_DIR ?? '', logs: () => lines, stop };
  })();
  return { ready, stop };
}

export type RequestOptions = {
  /** The client's address: the load balancer appends it to X-Forwarded-For (TRUST_PROXY=1). */
  ip: string;
  cookie?: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
};

/** A request as the web client sends it through the load balancer, to one given server. */
export function request(server: ServerProcess, target: string, options: RequestOptions) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip };
  if (options.cookie) headers.cookie = options.cookie;
  const method = options.method ?? ((options.json ?? options.body) ? 'POST' : 'GET');
  if (method !== 'GET') {
    headers.origin = PUBLIC_URL;
    headers['x-csrf-token'] = CSRF_TOKEN;
  }
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${target}`, {
    method,
    headers,
    body: options.json === undefined ? options.body : JSON.stringify(options.json),
    redirect: 'manual',
  });
}
