// The only reader of process.env (DESIGN.md contract 3). Every variable is optional;
// an invalid value stops the server at boot with a message naming the variable.
import { z } from 'zod';
import { parseTrustProxy } from '#server/http/trust-proxy.ts';
import {
  ENCRYPTION_KEY_FORMAT,
  parseEncryptionKey,
} from '#server/services/crypto/encryption-key.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: readonly string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `deve ser um URL ${protocols.join(' ou ')}` },
  );

/** TRUST_PROXY: a hop count or a list of IPs/CIDRs (src/server/http/trust-proxy.ts). */
const trustProxy = optionalString.transform((v, ctx) => {
  if (v === undefined) return undefined;
  try {
    return parseTrustProxy(v);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: error instanceof Error ? error.message : String(error),
    });
    return z.NEVER;
  }
});

/** A 32-byte key, 64 hex digits or base64 (services/crypto/encryption-key.ts). */
const encryptionKey = optionalString.refine((v) => v === undefined || !!parseEncryptionKey(v), {
  message: ENCRYPTION_KEY_FORMAT,
});

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: optionalString.default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  APP_URL: url(['http:', 'https:']),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Named where the app tells people to contact support (e.g. how a plan is obtained). */
  SUPPORT_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: 'deve ser um endereço de email',
  }),
  S3_ENDPOINT: url(['http:', 'https:']),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Temporary credentials (AWS STS) only; sent with every request as x-amz-security-token. */
  S3_SESSION_TOKEN: optionalString,
  /**
   * Several servers must share these (docs/deployment.md); otherwise they are generated once
   * under DATA_DIR (secrets.json). The VAPID pair comes as both or neither.
   */
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'deve ter pelo menos 32 caracteres',
  }),
  VAPID_PUBLIC_KEY: optionalString.refine((v) => v === undefined || /^[\w-]{80,}$/.test(v), {
    message: 'deve ser a chave pública P-256 em base64url (65 bytes)',
  }),
  VAPID_PRIVATE_KEY: optionalString.refine((v) => v === undefined || /^[\w-]{40,}$/.test(v), {
    message: 'deve ser a chave privada P-256 em base64url (32 bytes)',
  }),
  /**
   * Encrypts people's NIFs and suppliers' emails at rest (ADR 028); otherwise generated once
   * under DATA_DIR (encryption-key.json). ENCRYPTION_KEY_PREVIOUS only while `rotate-key`
   * moves the values from the old key to the new one.
   */
  ENCRYPTION_KEY: encryptionKey,
  ENCRYPTION_KEY_PREVIOUS: encryptionKey,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEV_MAILBOX: z.enum(['0', '1']).optional(),
  TRUST_PROXY: trustProxy,
});

export const envSchema = envObject.superRefine((env, ctx) => {
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'obrigatório com a outra chave VAPID (defina as duas, ou nenhuma)',
    });
  }
  if (env.ENCRYPTION_KEY_PREVIOUS !== undefined && env.ENCRYPTION_KEY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENCRYPTION_KEY'],
      message: 'obrigatório com ENCRYPTION_KEY_PREVIOUS (a chave nova de uma rotação)',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses an environment record; throws EnvError naming every invalid variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
