import { spawn } from 'node:child_process';
import path from 'node:path';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { billingConfigFromEnv, createBillingProvider } from './billing-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const logger = pino({ level: 'silent' });
const appUrl = 'https://papelada.example';

test('without STRIPE_SECRET_KEY the installation runs the built-in manual provider', () => {
  const config = billingConfigFromEnv(parseEnv({}));
  expect(config).toEqual({ supportEmail: undefined });
  const provider = createBillingProvider({ config, appUrl, logger });
  expect(provider).toMatchObject({ id: 'manual', checkoutAvailable: false, webhooks: null });
});

test('STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET switches Stripe on', () => {
  const config = billingConfigFromEnv(
    parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      SUPPORT_EMAIL: 'suporte@papelada.pt',
    }),
  );
  expect(config).toEqual({
    supportEmail: 'suporte@papelada.pt',
    stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_123' },
  });
  const provider = createBillingProvider({ config, appUrl, logger });
  expect(provider).toMatchObject({ id: 'stripe', checkoutAvailable: true });
  expect(provider.webhooks).not.toBeNull();
});

test('STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET is refused, naming the variable', () => {
  const env = parseEnv({ STRIPE_SECRET_KEY: 'sk_test_123' });
  expect(() => billingConfigFromEnv(env)).toThrow(EnvError);
  expect(() => billingConfigFromEnv(env)).toThrow(/STRIPE_WEBHOOK_SECRET/);
});

test('an invalid SUPPORT_EMAIL is refused, naming the variable', () => {
  expect(() => parseEnv({ SUPPORT_EMAIL: 'suporte' })).toThrow(/SUPPORT_EMAIL/);
});

test('the server refuses to boot with Stripe but no webhook secret', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', STRIPE_SECRET_KEY: 'sk_test_123' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('STRIPE_WEBHOOK_SECRET');
}, 60_000);
