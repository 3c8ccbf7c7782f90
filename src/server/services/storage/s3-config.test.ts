import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { s3ConfigFromEnv } from './s3-config.ts';

const FULL = {
  S3_ENDPOINT: 'https://s3.exemplo.pt',
  S3_BUCKET: 'faturas',
  S3_ACCESS_KEY_ID: 'chave',
  S3_SECRET_ACCESS_KEY: 'segredo',
};

test('no S3 variable keeps the files on disk', () => {
  expect(s3ConfigFromEnv(parseEnv({}))).toBeUndefined();
});

test('all four S3 variables choose the S3 store, in us-east-1 unless S3_REGION says otherwise', () => {
  expect(s3ConfigFromEnv(parseEnv(FULL))).toEqual({
    endpoint: 'https://s3.exemplo.pt',
    bucket: 'faturas',
    region: 'us-east-1',
    accessKeyId: 'chave',
    secretAccessKey: 'segredo',
  });
  expect(s3ConfigFromEnv(parseEnv({ ...FULL, S3_REGION: 'eu-south-2' }))?.region).toBe(
    'eu-south-2',
  );
  // Temporary credentials carry their session token.
  expect(s3ConfigFromEnv(parseEnv({ ...FULL, S3_SESSION_TOKEN: 'sessao' }))?.sessionToken).toBe(
    'sessao',
  );
});

test('a partial S3 configuration is refused naming every missing variable', () => {
  const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = FULL;
  expect(() => s3ConfigFromEnv(parseEnv(partial))).toThrow(EnvError);
  try {
    s3ConfigFromEnv(parseEnv(partial));
  } catch (error) {
    const { problems } = error as EnvError;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['S3_BUCKET', 'S3_SECRET_ACCESS_KEY']);
  }
  // S3_REGION alone shows the intent too.
  expect(() => s3ConfigFromEnv(parseEnv({ S3_REGION: 'eu-west-1' }))).toThrow(/S3_ENDPOINT/);
  expect(() => s3ConfigFromEnv(parseEnv({ S3_SESSION_TOKEN: 'sessao' }))).toThrow(/S3_ENDPOINT/);
});

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-s3-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the server does not boot on a partial S3 configuration, and says what is missing', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: dataDir,
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'faturas',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('S3_ACCESS_KEY_ID');
  expect(stderr).toContain('S3_SECRET_ACCESS_KEY');
  expect(stderr).not.toContain('S3_BUCKET:');
}, 30_000);
