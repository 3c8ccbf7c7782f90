import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadOrCreateSecrets } from './secrets.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'papelada-secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('secrets are generated on first start and kept for the next', () => {
  const dir = path.join(tempDir(), 'nested', 'data');
  const first = loadOrCreateSecrets(dir);
  const second = loadOrCreateSecrets(dir);
  expect(second).toEqual(first);
  expect(first.sessionSecret.length).toBeGreaterThanOrEqual(43);
  // Uncompressed P-256 point: 65 bytes, starting with 0x04.
  const vapidPublic = Buffer.from(first.vapid.publicKey, 'base64url');
  expect(vapidPublic.length).toBe(65);
  expect(vapidPublic[0]).toBe(4);
  expect(Buffer.from(first.vapid.privateKey, 'base64url').length).toBe(32);
});

test('the secrets file is readable only by its owner', () => {
  const dir = tempDir();
  loadOrCreateSecrets(dir);
  expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
});

test('two data directories get different secrets', () => {
  expect(loadOrCreateSecrets(tempDir()).sessionSecret).not.toBe(
    loadOrCreateSecrets(tempDir()).sessionSecret,
  );
});

test('a corrupted secrets file stops the boot with a clear message', () => {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ sessionSecret: 'short' }));
  expect(() => loadOrCreateSecrets(dir)).toThrow(/corrompido/);
  expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toContain('short');
});

test('secrets given by the environment win over the file, which still keeps the rest', () => {
  const dir = tempDir();
  const stored = loadOrCreateSecrets(dir);
  const sessionSecret = 's'.repeat(40);
  const withSession = loadOrCreateSecrets(dir, { sessionSecret });
  expect(withSession).toEqual({ sessionSecret, vapid: stored.vapid });
  const vapid = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
  expect(loadOrCreateSecrets(dir, { vapid })).toEqual({
    sessionSecret: stored.sessionSecret,
    vapid,
  });
  // Two servers with the same environment agree, whatever their own files hold.
  const other = loadOrCreateSecrets(tempDir(), { sessionSecret, vapid });
  expect(other).toEqual({ sessionSecret, vapid });
});
