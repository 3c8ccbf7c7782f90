// Runs the real entry point (what `npm start` runs after building the web) as a child
// process: boot on a fresh data dir, answer health, shut down cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function runEntry(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

test('the server boots on a fresh data dir, answers health, and stops cleanly on SIGTERM', async () => {
  const port = await freePort();
  const run = runEntry({ PORT: String(port), DATA_DIR: dataDir });
  const deadline = Date.now() + 45_000;
  while (!run.output().stdout.includes('a correr em') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(run.output().stdout).toContain(`Papelada está a correr em http://localhost:${port}`);

  const res = await fetch(`http://localhost:${port}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', db: 'pglite' });
  expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
  expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

  // The defaults keep emails in the dev mailbox: the boot says so, and it answers this machine
  // over a real socket, but not a request that came through a proxy (ADR 012).
  expect(run.output().stdout).toContain('caixa de correio de desenvolvimento está ligada');
  expect(run.output().stdout).toContain('SMTP_URL');
  expect((await fetch(`http://localhost:${port}/api/dev/emails`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/dev/emails`)).status).toBe(200);
  const proxied = await fetch(`http://localhost:${port}/api/dev/emails`, {
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  expect(proxied.status).toBe(404);

  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
}, 60_000);

test('with an https APP_URL the dev mailbox and the plan switch are off, and no warning', async () => {
  const port = await freePort();
  const httpsDataDir = mkdtempSync(path.join(tmpdir(), 'papelada-boot-https-'));
  const run = runEntry({
    PORT: String(port),
    DATA_DIR: httpsDataDir,
    APP_URL: 'https://faturas.exemplo.pt',
  });
  try {
    const deadline = Date.now() + 45_000;
    while (!run.output().stdout.includes('a correr em') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.output().stdout).toContain('a correr em https://faturas.exemplo.pt');
    expect(run.output().stdout).not.toContain('caixa de correio');
    expect((await fetch(`http://localhost:${port}/api/dev/emails`)).status).toBe(404);
    expect((await fetch(`http://localhost:${port}/dev/emails`)).status).toBe(404);
    expect((await fetch(`http://localhost:${port}/api/dev/plan`)).status).toBe(404);
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
    rmSync(httpsDataDir, { recursive: true, force: true });
  }
}, 60_000);

test('an invalid TRUST_PROXY stops the boot naming it', async () => {
  const run = runEntry({ TRUST_PROXY: '10.0.0.0/33', DATA_DIR: dataDir });
  expect(await run.exited).toBe(1);
  expect(run.output().stderr).toContain('TRUST_PROXY');
}, 30_000);

test('an invalid variable stops the boot with a message naming it', async () => {
  const run = runEntry({ PORT: 'muitos', DATA_DIR: dataDir });
  expect(await run.exited).toBe(1);
  expect(run.output().stderr).toContain('PORT');
}, 30_000);
