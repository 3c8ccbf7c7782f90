// Encryption of single column values at rest (issue 19.3, ADR 028): AES-256-GCM through
// node:crypto, each value sealed into one self-describing text, and a keyed hash (HMAC-SHA-256)
// for the look-ups and comparisons that cannot be made on a ciphertext. Both keys come from one
// 32-byte master key by HKDF, so a leaked lookup key tells nothing of the encryption key.
//
// A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>`, every part base64url: the version
// and the key id say which key opens it, so values under two keys live side by side while a
// rotation is under way. A hash is `h1.<key id>.<mac>`: equal values give equal hashes under
// one key only, which is why a rotation recomputes them.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const MASTER_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_VERSION = 'v1';
const HASH_VERSION = 'h1';
/** 6 bytes of HKDF output as 8 base64url characters: names a key, reveals nothing of it. */
const KEY_ID_BYTES = 6;
const KEY_ID_LENGTH = 8;
/** Opened values kept per cipher: a page of 100 invoices is decrypted once, not per view. */
const OPENED_CACHE_SIZE = 4_096;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

type DerivedKey = { id: string; encryption: Buffer; hashing: Buffer };

/** The master keys in use: `current` seals and hashes; `previous` only opens (rotation). */
export type KeyPair = { current: Buffer; previous: Buffer | null };

function derive(master: Buffer): DerivedKey {
  if (master.length !== MASTER_KEY_BYTES) {
    throw new Error(`An encryption key has ${MASTER_KEY_BYTES} bytes, not ${master.length}`);
  }
  const hkdf = (info: string, bytes: number) =>
    Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, bytes));
  return {
    id: hkdf('papelada key id v1', KEY_ID_BYTES).toString('base64url'),
    encryption: hkdf('papelada field encryption v1', 32),
    hashing: hkdf('papelada lookup hash v1', 32),
  };
}

/** A new random master key. */
export function generateMasterKey(): Buffer {
  return randomBytes(MASTER_KEY_BYTES);
}

/** The id a master key's values and hashes carry (e.g. to tell the operator which key). */
export function keyIdOf(master: Buffer): string {
  return derive(master).id;
}

export type FieldCipher = {
  /** The id of the key that seals and hashes now. */
  readonly currentKeyId: string;
  /** Every key id this cipher can open: the current one first. */
  readonly keyIds: readonly string[];
  /**
   * Seals a value. `purpose` names the column ('invoices.buyer_nif') and is authenticated with
   * it, so a value copied into another column does not open there.
   */
  seal(plain: string, purpose: string): string;
  /** The value, or null when it cannot be opened: another key, altered, or not sealed at all. */
  open(sealed: string, purpose: string): string | null;
  /** The keyed hash of a value under the current key; `domain` separates kinds of values. */
  hash(value: string, domain: string): string;
  /** The key id a sealed value or a hash names, or null when it is neither. */
  keyIdIn(text: string): string | null;
  /** Replaces the keys (a rotation): values sealed earlier open while their key is kept. */
  useKeys(keys: KeyPair): void;
};

export type FieldCipherOptions = {
  /**
   * Called at most every `refreshMs` before a use; returns new keys when their source changed
   * (another process rotated the key file), or null.
   */
  refresh?: () => KeyPair | null;
  refreshMs?: number;
};

const DEFAULT_REFRESH_MS = 2_000;

export function createFieldCipher(keys: KeyPair, options: FieldCipherOptions = {}): FieldCipher {
  let current = derive(keys.current);
  let byId = new Map<string, DerivedKey>();
  const opened = new Map<string, string>();
  let checkedAt = Date.now();

  const install = ({ current: next, previous }: KeyPair) => {
    current = derive(next);
    byId = new Map([[current.id, current]]);
    if (previous) {
      const old = derive(previous);
      if (!byId.has(old.id)) byId.set(old.id, old);
    }
    // A value opened under a key no longer kept must not open from memory either.
    opened.clear();
  };
  install(keys);

  const refresh = () => {
    if (!options.refresh) return;
    const now = Date.now();
    if (now - checkedAt < (options.refreshMs ?? DEFAULT_REFRESH_MS)) return;
    checkedAt = now;
    const next = options.refresh();
    if (next) install(next);
  };

  const aad = (keyId: string, purpose: string) =>
    Buffer.from(`${SEALED_VERSION}.${keyId}:${purpose}`, 'utf8');

  return {
    get currentKeyId() {
      refresh();
      return current.id;
    },
    get keyIds() {
      refresh();
      return [...byId.keys()];
    },
    seal(plain, purpose) {
      refresh();
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.encryption, iv, {
        authTagLength: TAG_BYTES,
      });
      cipher.setAAD(aad(current.id, purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [SEALED_VERSION, current.id, ...parts].join('.');
    },
    open(sealed, purpose) {
      refresh();
      const cacheKey = `${purpose}\n${sealed}`;
      const cached = opened.get(cacheKey);
      if (cached !== undefined) return cached;
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== SEALED_VERSION) return null;
      const [, keyId = '', ivText = '', tagText = '', bodyText] = parts;
      const key = byId.get(keyId);
      if (!key || !BASE64URL.test(ivText) || !BASE64URL.test(tagText)) return null;
      if (bodyText === undefined || (bodyText !== '' && !BASE64URL.test(bodyText))) return null;
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.encryption, iv, {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(aad(keyId, purpose));
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([
          decipher.update(Buffer.from(bodyText, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
        if (opened.size >= OPENED_CACHE_SIZE) {
          const oldest = opened.keys().next().value;
          if (oldest !== undefined) opened.delete(oldest);
        }
        opened.set(cacheKey, plain);
        return plain;
      } catch {
        // The tag does not match: altered, or sealed for another column.
        return null;
      }
    },
    hash(value, domain) {
      refresh();
      const mac = createHmac('sha256', current.hashing).update(`${domain}\0${value}`, 'utf8');
      return `${HASH_VERSION}.${current.id}.${mac.digest('base64url')}`;
    },
    keyIdIn(text) {
      const [version, keyId] = text.split('.', 2);
      if (version !== SEALED_VERSION && version !== HASH_VERSION) return null;
      return keyId !== undefined && keyId.length === KEY_ID_LENGTH && BASE64URL.test(keyId)
        ? keyId
        : null;
    },
    useKeys(next) {
      install(next);
      checkedAt = Date.now();
    },
  };
}

/**
 * The SQL prefixes of what a key id writes: a sealed value starts with `v1.<id>.`, a hash with
 * `h1.<id>.`. The rotation finds what is left to re-encrypt with them.
 */
export function sealedPrefix(keyId: string): string {
  return `${SEALED_VERSION}.${keyId}.`;
}
export function hashPrefix(keyId: string): string {
  return `${HASH_VERSION}.${keyId}.`;
}
