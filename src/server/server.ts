// startServer(): opens the database, applies migrations, and serves the app. Used by
// the `npm start` entry (index.ts) and by the browser tests.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { createDb } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { loadOrCreateSecrets } from '#server/secrets.ts';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

export type StartServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  appUrl?: string;
  hostname?: string;
  logLevel?: string;
  logger?: Logger;
  webDir?: string;
};

export type RunningServer = { url: string; close(): Promise<void> };

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  loadOrCreateSecrets(dataDir);

  const db = await createDb({ databaseUrl: options.databaseUrl, dataDir });
  await migrateDb(db);

  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  const app = createApp({
    db,
    logger,
    appUrl: options.appUrl,
    webDir: existsSync(webDir) ? webDir : undefined,
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, () =>
      resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting connections, let in-flight requests finish, then release the database.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          resolve();
        }, SHUTDOWN_GRACE_MS);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await db.close();
    })();
    return closing;
  };

  return { url: `http://localhost:${port}`, close };
}
