// Secrets the server needs (session secret, VAPID keys for Web Push) are generated on
// first start and kept under DATA_DIR, so `npm start` needs no configuration
// (DESIGN.md contract 2). The file is written with mode 0600 and never logged.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  sessionSecret: z.string().min(32),
  vapid: z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) }),
});

export type Secrets = z.infer<typeof secretsSchema>;

const SECRETS_FILE = 'secrets.json';

export function generateSecrets(): Secrets {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  // Web Push wants the uncompressed P-256 point (0x04 || x || y) as base64url.
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? '', 'base64url'),
    Buffer.from(pub.y ?? '', 'base64url'),
  ]);
  return {
    sessionSecret: randomBytes(32).toString('base64url'),
    vapid: { publicKey: raw.toString('base64url'), privateKey: priv.d ?? '' },
  };
}

/** Secrets given by the environment (SESSION_SECRET, VAPID_*), for several servers to share. */
export type SecretOverrides = {
  sessionSecret?: string;
  vapid?: Secrets['vapid'];
};

/**
 * The secrets: those given by the environment, the rest read under dataDir (created on first
 * use). Several servers either get the same environment or the same secrets.json.
 */
export function loadOrCreateSecrets(dataDir: string, overrides: SecretOverrides = {}): Secrets {
  const stored = loadOrCreateStoredSecrets(dataDir);
  return {
    sessionSecret: overrides.sessionSecret ?? stored.sessionSecret,
    vapid: overrides.vapid ?? stored.vapid,
  };
}

function loadOrCreateStoredSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  if (existsSync(file)) {
    const parsed = secretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new Error(`O ficheiro ${file} está corrompido. Apague-o para gerar novos segredos.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = generateSecrets();
  // Write-then-rename so two processes starting at once never read half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  renameSync(tmp, file);
  return secrets;
}
