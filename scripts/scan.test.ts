// The CLI of contract 6 as a user runs it: a child process, its stdout lines and exit status.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCAN_ERROR_MESSAGES } from '#server/services/scan/scan-result.ts';
import { qrPhoto, TEST_PAYLOAD } from '#server/services/scan/scan-test-helpers.ts';
import { CLI_MESSAGES } from './scan.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CLI_TIMEOUT_MS = 90_000;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'papelada-scan-cli-'));
  const photo = await qrPhoto({ width: 900, height: 1200, qrPx: 300 });
  writeFileSync(path.join(dir, 'fatura.jpg'), photo);
  writeFileSync(path.join(dir, 'vazia.jpg'), new Uint8Array(0));
  writeFileSync(path.join(dir, 'notas.txt'), 'não é uma fatura');
  mkdirSync(path.join(dir, 'mais'));
  writeFileSync(path.join(dir, 'mais', 'Segunda.JPG'), photo);
  mkdirSync(path.join(dir, '.escondida'));
  writeFileSync(path.join(dir, '.escondida', 'oculta.jpg'), photo);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = {
  status: number;
  lines: Array<Record<string, unknown>>;
  stdout: string;
  stderr: string;
};

function runCli(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/scan.ts', ...args],
      { cwd: REPO, timeout: CLI_TIMEOUT_MS, env: { ...process.env, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => {
        const status = error ? error.code : 0;
        if (typeof status !== 'number') return reject(error ?? new Error('no exit status'));
        resolve({
          status,
          stdout,
          stderr,
          // Parsed on use: --help prints text, and every other line must be JSON.
          get lines() {
            return stdout
              .split('\n')
              .filter((line) => line !== '')
              .map((line) => JSON.parse(line) as Record<string, unknown>);
          },
        });
      },
    );
  });
}

test(
  'every file read: exit 0, one contract-6 line per file in the order given',
  async () => {
    const photo = path.join(dir, 'fatura.jpg');
    const run = await runCli(photo, path.join(dir, 'mais'));
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(2);
    const [first, second] = run.lines;
    // Exactly the contract's keys, in its order.
    expect(Object.keys(first ?? {})).toEqual(['file', 'ok', 'source', 'fields', 'warnings', 'ms']);
    expect(first).toEqual({
      file: photo,
      ok: true,
      source: 'qr',
      fields: expect.objectContaining({ issuerNif: '123456789', total: 0.8, qr: TEST_PAYLOAD }),
      warnings: [],
      ms: expect.any(Number),
    });
    // A directory gives its photos and PDFs, whatever the extension's case.
    expect(second).toMatchObject({ file: path.join(dir, 'mais', 'Segunda.JPG'), ok: true });
  },
  CLI_TIMEOUT_MS,
);

test(
  'a directory skips hidden entries and files that are not photos or PDFs',
  async () => {
    const run = await runCli(dir);
    expect(run.lines.map((line) => path.relative(dir, String(line.file)))).toEqual([
      'fatura.jpg',
      path.join('mais', 'Segunda.JPG'),
      'vazia.jpg',
    ]);
    // The empty photo was not read, so the status is 1.
    expect(run.status).toBe(1);
  },
  CLI_TIMEOUT_MS,
);

test(
  'any file not read: exit 1, with a coded line for each, the others still read',
  async () => {
    const missing = path.join(dir, 'nao-existe.jpg');
    const run = await runCli(missing, path.join(dir, 'notas.txt'), path.join(dir, 'fatura.jpg'));
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([
      {
        file: missing,
        ok: false,
        error: { code: 'FILE_NOT_FOUND', message: CLI_MESSAGES.fileNotFound },
      },
      {
        file: path.join(dir, 'notas.txt'),
        ok: false,
        error: { code: 'UNSUPPORTED_TYPE', message: SCAN_ERROR_MESSAGES.UNSUPPORTED_TYPE },
      },
      expect.objectContaining({ file: path.join(dir, 'fatura.jpg'), ok: true, source: 'qr' }),
    ]);
  },
  CLI_TIMEOUT_MS,
);

test(
  'bad usage: exit 2 and the usage on stderr, nothing on stdout; --help prints it with 0',
  async () => {
    const none = await runCli();
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: npm run scan -- FILE|DIRECTORY…');

    const unknown = await runCli('--depressa', path.join(dir, 'fatura.jpg'));
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Unknown option: --depressa');

    const help = await runCli('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit status: 0 when every file was read');
  },
  CLI_TIMEOUT_MS,
);
