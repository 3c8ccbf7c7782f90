import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { formatNif } from '#shared/nif.ts';
import {
  ENCRYPTION_KEY_FILE,
  loadEncryptionKeys,
  parseEncryptionKey,
  readKeyFile,
  writeKeyFile,
} from './encryption-key.ts';
import { createFieldCipher, generateMasterKey, keyIdOf } from './field-encryption.ts';
import {
  openBuyerNif,
  openPersonalNif,
  openSupplierEmail,
  SEALED_PURPOSE,
  UNREADABLE_VALUE,
} from './sealed-fields.ts';

const PURPOSE = SEALED_PURPOSE.personalNif;
const newCipher = (current = generateMasterKey(), previous: Buffer | null = null) =>
  createFieldCipher({ current, previous });

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'papelada-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The sealed text with one base64url character of part `index` changed. */
function tampered(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] ?? '';
  parts[index] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
  return parts.join('.');
}

test('a sealed value opens to what was sealed, and says its version and key', () => {
  const key = generateMasterKey();
  const cipher = newCipher(key);
  const sealed = cipher.seal('123456789', PURPOSE);
  expect(cipher.open(sealed, PURPOSE)).toBe('123456789');
  const [version, keyId, iv, tag, body, ...rest] = sealed.split('.');
  expect(rest).toEqual([]);
  expect(version).toBe('v1');
  expect(keyId).toBe(keyIdOf(key));
  expect(cipher.keyIdIn(sealed)).toBe(keyIdOf(key));
  for (const part of [iv, tag, body]) expect(part).toMatch(/^[\w-]+$/);
  expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
  expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
  expect(sealed).not.toContain('123456789');
  // A fresh IV each time: equal values do not give equal ciphertexts.
  expect(cipher.seal('123456789', PURPOSE)).not.toBe(sealed);
  expect(cipher.open(cipher.seal('', PURPOSE), PURPOSE)).toBe('');
  expect(cipher.open(cipher.seal('ção@exemplo.pt', PURPOSE), PURPOSE)).toBe('ção@exemplo.pt');
});

test('an altered value, one sealed for another column or not sealed at all does not open', () => {
  const cipher = newCipher();
  const sealed = cipher.seal('123456789', PURPOSE);
  for (const index of [2, 3, 4]) expect(cipher.open(tampered(sealed, index), PURPOSE)).toBeNull();
  expect(cipher.open(sealed, SEALED_PURPOSE.buyerNif)).toBeNull();
  for (const text of ['123456789', 'v1', `${sealed}.x`, sealed.replace('v1.', 'v2.'), '']) {
    expect(cipher.open(text, PURPOSE)).toBeNull();
  }
});

test('another key opens nothing: the NIF reads as its sealed text, shown (encriptado), the email as (encriptado)', () => {
  const writer = newCipher();
  const reader = newCipher();
  const personalNif = writer.seal('123456789', SEALED_PURPOSE.personalNif);
  const buyerNif = writer.seal('234567899', SEALED_PURPOSE.buyerNif);
  const email = writer.seal('geral@padaria.pt', SEALED_PURPOSE.supplierEmail);
  expect(reader.open(personalNif, SEALED_PURPOSE.personalNif)).toBeNull();

  const shownNif = openPersonalNif(reader, {
    personalNifEncrypted: personalNif,
    legacyPersonalNif: null,
  });
  expect(shownNif).toBe(personalNif);
  expect(formatNif(shownNif)).toBe(`${personalNif.slice(0, 20)}… (encriptado)`);
  expect(
    formatNif(openBuyerNif(reader, { buyerNifEncrypted: buyerNif, buyerNifClear: null })),
  ).toMatch(/… \(encriptado\)$/);
  expect(openSupplierEmail(reader, { emailEncrypted: email, legacyEmail: null })).toBe(
    UNREADABLE_VALUE,
  );
  // An altered value reads the same way with the right key.
  expect(openSupplierEmail(writer, { emailEncrypted: tampered(email, 4), legacyEmail: null })).toBe(
    '(encriptado)',
  );
  // And the right key opens them all.
  expect(
    openPersonalNif(writer, { personalNifEncrypted: personalNif, legacyPersonalNif: null }),
  ).toBe('123456789');
});

test('a row from before encryption reads its clear column until the backfill seals it', () => {
  const cipher = newCipher();
  expect(
    openPersonalNif(cipher, { personalNifEncrypted: null, legacyPersonalNif: '123456789' }),
  ).toBe('123456789');
  expect(openSupplierEmail(cipher, { emailEncrypted: null, legacyEmail: null })).toBeNull();
});

test('the keyed hash is the same for the same value under one key, and depends on the key', () => {
  const key = generateMasterKey();
  const cipher = newCipher(key);
  const hash = cipher.hash('123456789', 'nif');
  expect(hash).toBe(newCipher(key).hash('123456789', 'nif'));
  expect(hash).toMatch(new RegExp(`^h1\\.${keyIdOf(key)}\\.[\\w-]{43}$`));
  expect(cipher.keyIdIn(hash)).toBe(keyIdOf(key));
  expect(hash).not.toContain('123456789');
  expect(cipher.hash('123456780', 'nif')).not.toBe(hash);
  expect(cipher.hash('123456789', 'email')).not.toBe(hash);
  expect(newCipher().hash('123456789', 'nif')).not.toBe(hash);
});

test('during a rotation the previous key still opens; once dropped, nothing it sealed opens', () => {
  const [oldKey, newKey] = [generateMasterKey(), generateMasterKey()];
  const cipher = newCipher(oldKey);
  const before = cipher.seal('123456789', PURPOSE);
  expect(cipher.open(before, PURPOSE)).toBe('123456789');

  cipher.useKeys({ current: newKey, previous: oldKey });
  expect(cipher.currentKeyId).toBe(keyIdOf(newKey));
  expect(cipher.keyIds).toEqual([keyIdOf(newKey), keyIdOf(oldKey)]);
  expect(cipher.open(before, PURPOSE)).toBe('123456789');
  const after = cipher.seal('123456789', PURPOSE);
  expect(cipher.keyIdIn(after)).toBe(keyIdOf(newKey));

  cipher.useKeys({ current: newKey, previous: null });
  // Not even from the memory of values already opened.
  expect(cipher.open(before, PURPOSE)).toBeNull();
  expect(cipher.open(after, PURPOSE)).toBe('123456789');
});

test('ENCRYPTION_KEY is 32 bytes as 64 hex digits or base64; anything else is refused', () => {
  const key = generateMasterKey();
  for (const text of [
    key.toString('hex'),
    key.toString('hex').toUpperCase(),
    key.toString('base64'),
    key.toString('base64').replace(/=$/, ''),
    key.toString('base64url'),
    ` ${key.toString('base64')}\n`,
  ]) {
    expect(parseEncryptionKey(text)).toEqual(key);
  }
  for (const text of [
    '',
    'segredo',
    key.toString('hex').slice(2),
    `${key.toString('hex')}00`,
    Buffer.concat([key, Buffer.from([1])]).toString('base64'),
    key.subarray(1).toString('base64'),
    'x'.repeat(64),
  ]) {
    expect(parseEncryptionKey(text)).toBeNull();
  }
});

test('without ENCRYPTION_KEY a key is generated once under DATA_DIR, owner-only, and reused', () => {
  const dir = path.join(tempDir(), 'data');
  const first = loadEncryptionKeys(dir);
  const file = path.join(dir, ENCRYPTION_KEY_FILE);
  expect(first.source).toEqual({ kind: 'file', file });
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const sealed = first.cipher.seal('123456789', PURPOSE);

  const second = loadEncryptionKeys(dir);
  expect(second.cipher.currentKeyId).toBe(first.cipher.currentKeyId);
  expect(second.cipher.open(sealed, PURPOSE)).toBe('123456789');
  expect(loadEncryptionKeys(tempDir()).cipher.currentKeyId).not.toBe(first.cipher.currentKeyId);
});

test('ENCRYPTION_KEY wins over the file, with ENCRYPTION_KEY_PREVIOUS opening what the old key sealed', () => {
  const dir = tempDir();
  const [oldKey, newKey] = [generateMasterKey(), generateMasterKey()];
  const fromEnv = loadEncryptionKeys(dir, { key: oldKey.toString('hex') });
  expect(fromEnv.source).toEqual({ kind: 'environment' });
  expect(fromEnv.cipher.currentKeyId).toBe(keyIdOf(oldKey));
  expect(readKeyFile(path.join(dir, ENCRYPTION_KEY_FILE))).toBeNull();
  const sealed = fromEnv.cipher.seal('123456789', PURPOSE);

  const rotating = loadEncryptionKeys(dir, {
    key: newKey.toString('base64'),
    previousKey: oldKey.toString('base64'),
  });
  expect(rotating.cipher.currentKeyId).toBe(keyIdOf(newKey));
  expect(rotating.cipher.open(sealed, PURPOSE)).toBe('123456789');
  expect(() => loadEncryptionKeys(dir, { key: 'curta' })).toThrow(/ENCRYPTION_KEY: deve ter 32/);
});

test('a damaged key file stops the start with a clear message and is left as it was', () => {
  const dir = tempDir();
  const file = path.join(dir, ENCRYPTION_KEY_FILE);
  writeFileSync(file, JSON.stringify({ version: 1, current: 'curta' }));
  expect(() => loadEncryptionKeys(dir)).toThrow(/não tem uma chave de encriptação válida/);
  expect(readFileSync(file, 'utf8')).toContain('curta');
});

test('a cipher reading the key file follows a rotation written by another process', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const dir = tempDir();
  const keys = loadEncryptionKeys(dir);
  const oldKey = readKeyFile(path.join(dir, ENCRYPTION_KEY_FILE))?.current ?? Buffer.alloc(0);
  const newKey = generateMasterKey();
  writeKeyFile(path.join(dir, ENCRYPTION_KEY_FILE), { current: newKey, previous: oldKey });
  // Looked at again after 2 s, not on every use.
  expect(keys.cipher.currentKeyId).toBe(keyIdOf(oldKey));
  vi.advanceTimersByTime(2_500);
  expect(keys.cipher.currentKeyId).toBe(keyIdOf(newKey));
  expect(keys.cipher.keyIds).toEqual([keyIdOf(newKey), keyIdOf(oldKey)]);
});
