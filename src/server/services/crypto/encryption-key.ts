// Where the field-encryption key comes from (ADR 028): ENCRYPTION_KEY (with
// ENCRYPTION_KEY_PREVIOUS while a rotation is under way), or the file DATA_DIR/encryption-key.json,
// generated on first start with mode 0600 and reused after, as secrets.ts does for the session
// secret. `backup` copies the file with the other files at the top of DATA_DIR.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  createFieldCipher,
  generateMasterKey,
  MASTER_KEY_BYTES,
  type FieldCipher,
  type KeyPair,
} from './field-encryption.ts';

export const ENCRYPTION_KEY_FILE = 'encryption-key.json';

/** Why an ENCRYPTION_KEY is refused: said at boot next to the variable's name. */
export const ENCRYPTION_KEY_FORMAT =
  'deve ter 32 bytes: 64 caracteres hexadecimais, ou 44 em base64 (gere uma com: openssl rand -base64 32)';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;
const BASE64URL_KEY = /^[A-Za-z0-9_-]{43}=?$/;

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe); else null. */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  const encoding = BASE64_KEY.test(value)
    ? 'base64'
    : BASE64URL_KEY.test(value)
      ? 'base64url'
      : null;
  if (!encoding) return null;
  const key = Buffer.from(value, encoding);
  // 43 characters carry 258 bits: the last one must leave the 2 extra bits at zero.
  return key.length === MASTER_KEY_BYTES && key.toString(encoding).startsWith(value.slice(0, 43))
    ? key
    : null;
}

/** How a key is written for the operator (the env variable, the key file). */
export function formatEncryptionKey(key: Buffer): string {
  return key.toString('base64');
}

/**
 * Where the keys came from: a rotation writes the new key back there (the file; memory, for
 * tests and throw-away databases), or tells the operator (the environment).
 */
export type KeySource =
  { kind: 'environment' } | { kind: 'file'; file: string } | { kind: 'memory' };

export type EncryptionKeys = {
  cipher: FieldCipher;
  source: KeySource;
  /** The keys as kept now, read afresh (another process may have rotated); null from the environment. */
  stored(): KeyPair | null;
  /** Keeps new keys where they were read (the file atomically, mode 0600) and uses them. */
  store(keys: KeyPair): void;
};

/** ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS, as the environment gives them (env.ts checks them). */
export type EncryptionKeyOverrides = { key?: string; previousKey?: string };

const keyText = z.string().refine((v) => parseEncryptionKey(v) !== null);
const keyFileSchema = z.object({
  version: z.literal(1),
  current: keyText,
  previous: keyText.optional(),
});

const KEY_FILE_NOTE =
  'Chave que encripta os NIF de pessoas e os emails dos fornecedores (ADR 028). Sem ela esses ' +
  'dados ficam ilegíveis: guarde-a com as cópias de segurança e nunca a apague.';

function corrupted(file: string): Error {
  return new Error(
    `O ficheiro ${file} não tem uma chave de encriptação válida. Reponha-o a partir de uma ` +
      'cópia de segurança: sem a chave, os NIF e emails encriptados não podem ser lidos.',
  );
}

export function readKeyFile(file: string): KeyPair | null {
  if (!existsSync(file)) return null;
  let parsed;
  try {
    parsed = keyFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw corrupted(file);
  }
  if (!parsed.success) throw corrupted(file);
  const { current, previous } = parsed.data;
  return {
    current: parseEncryptionKey(current) ?? Buffer.alloc(0),
    previous: previous === undefined ? null : parseEncryptionKey(previous),
  };
}

function writeTemporary(file: string, keys: KeyPair): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const body = {
    about: KEY_FILE_NOTE,
    version: 1,
    current: formatEncryptionKey(keys.current),
    ...(keys.previous ? { previous: formatEncryptionKey(keys.previous) } : {}),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  return tmp;
}

/** Replaces the key file: written aside then renamed, so no reader ever sees half a file. */
export function writeKeyFile(file: string, keys: KeyPair): void {
  renameSync(writeTemporary(file, keys), file);
}

/**
 * Creates the key file unless it exists, and returns what it holds. The link fails when another
 * process created it first: both then use that one key, never each its own.
 */
function createKeyFileOnce(file: string): KeyPair {
  const tmp = writeTemporary(file, { current: generateMasterKey(), previous: null });
  try {
    linkSync(tmp, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
  const keys = readKeyFile(file);
  if (!keys) throw corrupted(file);
  return keys;
}

const stampOf = (file: string) => {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return '';
  }
};

/**
 * The keys: from the environment when ENCRYPTION_KEY is set, else from DATA_DIR's key file
 * (created with a new random key the first time). A cipher reading the file looks at it again
 * every 2 s, so a rotation run by the CLI in another process reaches a running server.
 */
export function loadEncryptionKeys(
  dataDir: string,
  overrides: EncryptionKeyOverrides = {},
): EncryptionKeys {
  if (overrides.key !== undefined) {
    const current = parseEncryptionKey(overrides.key);
    if (!current) throw new Error(`ENCRYPTION_KEY: ${ENCRYPTION_KEY_FORMAT}`);
    const previous =
      overrides.previousKey === undefined ? null : parseEncryptionKey(overrides.previousKey);
    if (overrides.previousKey !== undefined && !previous) {
      throw new Error(`ENCRYPTION_KEY_PREVIOUS: ${ENCRYPTION_KEY_FORMAT}`);
    }
    return {
      cipher: createFieldCipher({ current, previous }),
      source: { kind: 'environment' },
      stored: () => null,
      store() {
        throw new Error('A key from ENCRYPTION_KEY is changed by the operator, not written here');
      },
    };
  }
  const file = path.join(dataDir, ENCRYPTION_KEY_FILE);
  const keys = readKeyFile(file) ?? createKeyFileOnce(file);
  let stamp = stampOf(file);
  const cipher = createFieldCipher(keys, {
    refresh: () => {
      const now = stampOf(file);
      if (now === stamp || now === '') return null;
      try {
        const next = readKeyFile(file);
        stamp = now;
        return next;
      } catch {
        // Half-replaced by hand, or damaged: keep the keys in memory rather than lose them.
        return null;
      }
    },
  });
  return {
    cipher,
    source: { kind: 'file', file },
    stored: () => readKeyFile(file),
    store(next) {
      writeKeyFile(file, next);
      stamp = stampOf(file);
      cipher.useKeys(next);
    },
  };
}

/** A cipher with a random key of its own: in-memory tests and throw-away databases. */
export function createRandomKeyCipher(): FieldCipher {
  return createFieldCipher({ current: generateMasterKey(), previous: null });
}

/** Keys held in memory only (tests): a random one unless given. */
export function memoryEncryptionKeys(
  keys: KeyPair = { current: generateMasterKey(), previous: null },
): EncryptionKeys {
  let kept = keys;
  const cipher = createFieldCipher(kept);
  return {
    cipher,
    source: { kind: 'memory' },
    stored: () => kept,
    store(next) {
      kept = next;
      cipher.useKeys(next);
    },
  };
}
