// Vitest globalSetup for the browser tests: build the SPA once, serve it with the real
// server (SPA fallback + /api) on a free port with a throwaway data dir, share the URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '#server/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: the admin CLI reaches the server through its admin.sock. */
    dataDir: string;
  }
}

const VITE_CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

let server: RunningServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // E2E_WEB_DIR builds into (and serves) another directory than dist/web, so several runs
  // can share one checkout; E2E_SKIP_BUILD=1 reuses the build, e.g. when iterating on tests.
  const webDir = process.env.E2E_WEB_DIR ? path.resolve(process.env.E2E_WEB_DIR) : undefined;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    await build({
      configFile: VITE_CONFIG,
      logLevel: 'warn',
      ...(webDir ? { build: { outDir: webDir, emptyOutDir: true } } : {}),
    });
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'papelada-e2e-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent', webDir });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
}

export async function teardown(): Promise<void> {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
