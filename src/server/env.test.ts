import { expect, test } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

test('an empty environment gives the documented defaults', () => {
  const env = parseEnv({});
  expect(env.PORT).toBe(3000);
  expect(env.DATA_DIR).toBe('./data');
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.LOG_LEVEL).toBe('info');
});

test('empty strings count as unset', () => {
  expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '  ' }).DATABASE_URL).toBeUndefined();
});

test('an invalid value stops the boot naming the variable', () => {
  expect(() => parseEnv({ PORT: 'abc' })).toThrow(EnvError);
  try {
    parseEnv({ PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
  } catch (error) {
    const message = (error as EnvError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  }
});

test('URLs are checked by protocol', () => {
  expect(parseEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).DATABASE_URL).toBe(
    'postgres://postgres@127.0.0.1:5432/x',
  );
  expect(() => parseEnv({ APP_URL: 'ftp://x' })).toThrow(/APP_URL/);
  expect(() => parseEnv({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
});

test('shared secrets: a session secret of 32 characters or more, the VAPID keys both or neither', () => {
  const secret = 'x'.repeat(32);
  expect(parseEnv({ SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  expect(() => parseEnv({ SESSION_SECRET: 'curto' })).toThrow(/SESSION_SECRET/);
  const publicKey = 'B'.repeat(87);
  const privateKey = 'p'.repeat(43);
  expect(parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
  });
  expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
  expect(() => parseEnv({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
});

test('ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64, refused otherwise naming the format', () => {
  const hex = 'ab'.repeat(32);
  const base64 = Buffer.alloc(32, 7).toString('base64');
  expect(parseEnv({ ENCRYPTION_KEY: hex }).ENCRYPTION_KEY).toBe(hex);
  expect(parseEnv({ ENCRYPTION_KEY: base64, ENCRYPTION_KEY_PREVIOUS: hex })).toMatchObject({
    ENCRYPTION_KEY: base64,
    ENCRYPTION_KEY_PREVIOUS: hex,
  });
  for (const bad of ['segredo', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
    expect(() => parseEnv({ ENCRYPTION_KEY: bad })).toThrow(
      /ENCRYPTION_KEY: deve ter 32 bytes: 64 caracteres hexadecimais, ou 44 em base64/,
    );
  }
  expect(() => parseEnv({ ENCRYPTION_KEY: hex, ENCRYPTION_KEY_PREVIOUS: 'x' })).toThrow(
    /ENCRYPTION_KEY_PREVIOUS: deve ter 32 bytes/,
  );
  // The previous key only makes sense beside the new one (a rotation under way).
  expect(() => parseEnv({ ENCRYPTION_KEY_PREVIOUS: hex })).toThrow(
    /ENCRYPTION_KEY: obrigatório com ENCRYPTION_KEY_PREVIOUS/,
  );
});
