// Builds the web bundle when it is missing or stale (DESIGN.md contract 2). Staleness is
// a content hash of everything the bundle is made from, so a fresh clone or a pull that
// touches the web builds again, and an unchanged tree starts at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_OUT_DIR = path.join(ROOT, 'dist', 'web');
const STAMP_FILE = path.join(WEB_OUT_DIR, '.build-hash');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function listFiles(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function computeWebInputsHash(root = ROOT): string {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => listFiles(path.join(root, input)))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`))
    .sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Vite's build() sets process.env.NODE_ENV = 'production' in the calling process. `npm start`
 * builds and then starts the server in the same process, which would then believe it runs in
 * production (dev mailbox off, …), so the previous value is put back.
 */
export async function preservingNodeEnv<T>(run: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await run();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export function isWebBuildFresh(): boolean {
  if (!existsSync(path.join(WEB_OUT_DIR, 'index.html')) || !existsSync(STAMP_FILE)) return false;
  return readFileSync(STAMP_FILE, 'utf8').trim() === computeWebInputsHash();
}

/** Runs `vite build` unless dist/web matches the current sources. Returns whether it built. */
export async function ensureWebBuild(options: { force?: boolean } = {}): Promise<boolean> {
  if (!options.force && isWebBuildFresh()) return false;
  const { build } = await import('vite');
  const started = performance.now();
  console.log('A preparar a aplicação web (vite build)…');
  const inputsHash = computeWebInputsHash();
  await preservingNodeEnv(() =>
    build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' }),
  );
  writeFileSync(STAMP_FILE, `${inputsHash}\n`);
  console.log(`Aplicação web pronta em ${Math.round(performance.now() - started)} ms.`);
  return true;
}
