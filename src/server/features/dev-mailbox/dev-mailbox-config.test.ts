import { expect, test } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { isDevMailboxEnabled } from './dev-mailbox-config.ts';

const switchesFrom = (env: Record<string, string>) => {
  const parsed = parseEnv(env);
  return {
    smtpUrl: parsed.SMTP_URL,
    appUrl: parsed.APP_URL,
    isProduction: parsed.NODE_ENV === 'production',
    forceDevMailbox: parsed.DEV_MAILBOX === '1',
  };
};

test('on by default in development and tests', () => {
  expect(isDevMailboxEnabled(switchesFrom({}))).toBe(true);
  expect(isDevMailboxEnabled(switchesFrom({ NODE_ENV: 'test' }))).toBe(true);
});

test('off whenever SMTP_URL is set, even with DEV_MAILBOX=1', () => {
  expect(isDevMailboxEnabled(switchesFrom({ SMTP_URL: 'smtp://localhost:2525' }))).toBe(false);
  expect(
    isDevMailboxEnabled(switchesFrom({ SMTP_URL: 'smtp://localhost:2525', DEV_MAILBOX: '1' })),
  ).toBe(false);
});

test('off in production unless DEV_MAILBOX=1', () => {
  expect(isDevMailboxEnabled(switchesFrom({ NODE_ENV: 'production' }))).toBe(false);
  expect(isDevMailboxEnabled(switchesFrom({ NODE_ENV: 'production', DEV_MAILBOX: '0' }))).toBe(
    false,
  );
  expect(isDevMailboxEnabled(switchesFrom({ NODE_ENV: 'production', DEV_MAILBOX: '1' }))).toBe(
    true,
  );
});

test('off when APP_URL is https (a deployment others reach) unless DEV_MAILBOX=1', () => {
  expect(isDevMailboxEnabled(switchesFrom({ APP_URL: 'https://faturas.exemplo.pt' }))).toBe(false);
  expect(
    isDevMailboxEnabled(switchesFrom({ APP_URL: 'https://faturas.exemplo.pt', DEV_MAILBOX: '0' })),
  ).toBe(false);
  expect(
    isDevMailboxEnabled(switchesFrom({ APP_URL: 'https://faturas.exemplo.pt', DEV_MAILBOX: '1' })),
  ).toBe(true);
  // A plain-http APP_URL is a machine on a LAN or a laptop: still development.
  expect(isDevMailboxEnabled(switchesFrom({ APP_URL: 'http://192.168.1.5:3000' }))).toBe(true);
});
