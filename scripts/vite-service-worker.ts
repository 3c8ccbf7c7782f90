// Vite plugin: builds the service worker (src/web/features/pwa/service-worker) into /sw.js
// once the app is written, with the list of this build's files to precache and a version that
// changes whenever any of them does (ADR 029). A hand-written worker instead of
// vite-plugin-pwa: the reasons are in the ADR.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import {
  isHashedAsset,
  isPrecached,
  type PrecacheEntry,
} from '../src/web/features/pwa/service-worker/service-worker-rules.ts';

const WORKER_FILE = 'sw.js';

function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The precache list of the build in `outDir`: hashed files by name, the others by content. */
export function precacheEntries(outDir: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .filter(isPrecached)
    .map((file) => ({
      url: `/${file}`,
      revision: isHashedAsset(file)
        ? null
        : sha256(readFileSync(path.join(outDir, file))).slice(0, 16),
    }));
}

/** Compiles the worker on its own: one classic script, no chunks shared with the app. */
async function compileWorker(entry: string, define: Record<string, string>): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: 'papeladaServiceWorker', fileName: () => WORKER_FILE },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk' && file.isEntry);
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker build produced no script');
}

export function serviceWorker(options: { entry: string }): Plugin {
  return {
    name: 'papelada:service-worker',
    apply: 'build',
    // After every file is written, public/ included: the list is what the server will serve.
    async writeBundle(outputOptions) {
      const outDir = outputOptions.dir;
      if (!outDir) throw new Error('the service worker needs build.outDir');
      const entries = precacheEntries(outDir);
      const version = sha256(JSON.stringify(entries)).slice(0, 16);
      const code = await compileWorker(options.entry, {
        __PRECACHE_ENTRIES__: JSON.stringify(entries),
        __PRECACHE_VERSION__: JSON.stringify(version),
      });
      writeFileSync(path.join(outDir, WORKER_FILE), code);
    },
  };
}
