// The S3 adapter against s3rver, an S3-compatible server from npm, on a random local port: the
// requests a real store answers, path-style, with its own 404s and 204s. s3rver checks the access
// key id and the request time but not version 4 signatures; s3-storage.test.ts checks those.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createS3Storage, S3RequestError, type S3Config } from './s3-storage.ts';
import type { Storage } from './storage.ts';

const BUCKET = 'papelada-faturas';
const directory = mkdtempSync(path.join(tmpdir(), 'papelada-s3rver-'));
let s3rver: S3rver;
let config: S3Config;
let storage: Storage;

beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Buckets only by path: a request that put the bucket in the host name would miss it.
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  storage = createS3Storage({ ...config, secret: 's'.repeat(40) });
});

afterAll(async () => {
  await s3rver.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A presigned GET of `key` as the store sees it, signed `secondsAgo` in the past. */
async function presignedGet(key: string, expiresIn: number, secondsAgo = 0): Promise<string> {
  const client = new AwsClient({ ...config, service: 's3' });
  const datetime = new Date(Date.now() - secondsAgo * 1000)
    .toISOString()
    .replace(/[:-]|\.\d{3}/g, '');
  const signed = await client.sign(
    `${config.endpoint}/${BUCKET}/${key}?X-Amz-Expires=${expiresIn}`,
    { aws: { signQuery: true, datetime } },
  );
  return signed.url;
}

test('put, get and delete an object in s3rver, under the storage path as its key', async () => {
  const key = 'conta-1/fatura-1.jpg';
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
  await storage.put(key, bytes, 'image/jpeg');
  expect(await storage.get(key)).toEqual({ bytes: Buffer.from(bytes), contentType: 'image/jpeg' });

  // The store holds it at that key in that bucket: a presigned URL for it, followed by a plain
  // fetch with no credentials, returns the same bytes and type.
  const followed = await fetch(await presignedGet(key, 60));
  expect(followed.status).toBe(200);
  expect(followed.headers.get('content-type')).toBe('image/jpeg');
  expect(Buffer.from(await followed.arrayBuffer())).toEqual(Buffer.from(bytes));
  // One signed long enough ago has expired, and the store refuses it.
  const expired = await fetch(await presignedGet(key, 60, 120));
  expect(expired.status).toBe(403);
  expect(await expired.text()).toContain('Request has expired');

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  expect((await fetch(await presignedGet(key, 60))).status).toBe(404);
  // Deleting a missing object is fine.
  await storage.delete(key);
});

test('an access key the store does not know is an error naming the request, not a missing file', async () => {
  const unknown = createS3Storage({ ...config, accessKeyId: 'OUTRA', secret: 's'.repeat(40) });
  await expect(unknown.get('conta-1/x.jpg')).rejects.toThrow(S3RequestError);
  await expect(unknown.put('conta-1/x.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    /S3 PUT conta-1\/x\.jpg answered 403: .*InvalidAccessKeyId/s,
  );
});
