import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createUrlSigner } from './signed-url.ts';
import { isSafeStoragePath } from './storage-path.ts';
import { createStorage } from './storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'papelada-storage-'));
const storage = createStorage({ root, secret: 's'.repeat(40) });

afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a stored object comes back with its content type, and is gone after delete', async () => {
  await storage.put('conta-1/avatar-1-abc.webp', new Uint8Array([1, 2, 3]), 'image/webp');
  expect(await storage.get('conta-1/avatar-1-abc.webp')).toEqual({
    bytes: Buffer.from([1, 2, 3]),
    contentType: 'image/webp',
  });
  await storage.delete('conta-1/avatar-1-abc.webp');
  expect(await storage.get('conta-1/avatar-1-abc.webp')).toBeNull();
  // Deleting twice is fine; no partial files are left behind.
  await storage.delete('conta-1/avatar-1-abc.webp');
  expect(readdirSync(path.join(root, 'objects', 'conta-1'))).toEqual([]);
});

test('paths that could leave the root are refused', async () => {
  for (const bad of [
    '../x',
    'a/../../x',
    '/etc/passwd',
    'a//b',
    '.hidden',
    'a/./b',
    'a\\b',
    'a/..',
    '',
  ]) {
    expect(isSafeStoragePath(bad), bad).toBe(false);
    await expect(storage.put(bad, new Uint8Array([1]), 'image/webp')).rejects.toThrow();
    await expect(storage.get(bad)).rejects.toThrow();
  }
  expect(isSafeStoragePath('conta-1/avatar-1700000000000-a1b2c3.webp')).toBe(true);
});

test('a signed URL verifies for its path until it expires', () => {
  const signer = createUrlSigner('segredo-'.repeat(5));
  const now = new Date('2025-06-01T12:00:00Z');
  const url = new URL(signer.sign('conta-1/a.webp', 3600, now), 'http://x');
  expect(url.pathname).toBe('/api/files/conta-1/a.webp');
  const expires = url.searchParams.get('expires') ?? undefined;
  const sig = url.searchParams.get('sig') ?? undefined;
  expect(Number(expires) - now.getTime() / 1000).toBeGreaterThanOrEqual(3600);
  expect(signer.verify('conta-1/a.webp', expires, sig, now)).toBe(true);
  // Another path, another expiry, a changed signature, or a later moment: refused.
  expect(signer.verify('conta-2/a.webp', expires, sig, now)).toBe(false);
  expect(signer.verify('conta-1/a.webp', String(Number(expires) + 600), sig, now)).toBe(false);
  expect(signer.verify('conta-1/a.webp', expires, `${sig?.slice(0, -2)}AA`, now)).toBe(false);
  expect(signer.verify('conta-1/a.webp', expires, undefined, now)).toBe(false);
  expect(
    signer.verify('conta-1/a.webp', expires, sig, new Date((Number(expires) + 1) * 1000)),
  ).toBe(false);
  // A different secret never verifies.
  expect(createUrlSigner('outro-'.repeat(8)).verify('conta-1/a.webp', expires, sig, now)).toBe(
    false,
  );
});

test('only the issued spelling of a signature passes, not another that decodes to the same bytes', () => {
  const signer = createUrlSigner('segredo-'.repeat(5));
  const now = new Date('2025-06-01T12:00:00Z');
  // Every path until one whose signature's last character has spare bits to flip.
  for (let n = 0; n < 64; n += 1) {
    const url = new URL(signer.sign(`conta-1/${n}.webp`, 3600, now), 'http://x');
    const expires = url.searchParams.get('expires') ?? undefined;
    const sig = url.searchParams.get('sig') ?? '';
    const last = sig.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes in base64url: the last character holds 4 data bits and 2 spare ones.
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? last;
    const respelled = `${sig.slice(0, -1)}${sibling}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(signer.verify(`conta-1/${n}.webp`, expires, respelled, now)).toBe(false);
  }
});
