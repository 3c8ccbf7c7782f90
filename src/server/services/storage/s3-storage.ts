// The storage service on an S3-compatible object store (AWS S3, MinIO, Garage, R2 …), chosen
// when the S3_* variables are set. Objects are addressed path-style, `${endpoint}/${bucket}/${key}`,
// with the storage path as the key. Browsers never talk to the store: files are still served by
// GET /api/files through our own signed URLs, so the access checks stay ours and the bucket can
// stay private. The credentials need GetObject, PutObject, DeleteObject and ListBucket (without
// ListBucket, S3 answers a missing key with 403 instead of 404).
//
// Requests are signed (AWS Signature Version 4) by aws4fetch, a small maintained library with no
// dependencies, rather than an SDK whose default checksums S3-compatible stores have refused.
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { createUrlSigner } from './signed-url.ts';
import { assertSafeStoragePath } from './storage-path.ts';
import type { Storage } from './storage.ts';

export const DEFAULT_S3_REGION = 'us-east-1';
/** The whole budget of one operation, retries included. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Answers 5xx and 429 (SlowDown, a restarting store) are retried this many times, after
 * random waits of up to 100, 200 and 400 ms. Every request we send is idempotent.
 */
export const S3_RETRIES = 3;
const RETRY_BASE_MS = 100;

export type S3Config = {
  /** http(s) origin of the store, optionally with a path prefix. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** With temporary credentials (AWS STS): sent, signed, as x-amz-security-token. */
  sessionToken?: string;
};

export type CreateS3StorageOptions = S3Config & {
  /** Signs our /api/files URLs (the session secret), as the disk storage does. */
  secret: string;
};

export class S3RequestError extends Error {
  constructor(
    readonly method: string,
    readonly key: string,
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${method} ${key} answered ${status}: ${detail.slice(0, 300)}`);
    this.name = 'S3RequestError';
  }
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const EMPTY_PAYLOAD_HASH = sha256Hex('');

export function createS3Storage(options: CreateS3StorageOptions): Storage {
  const base = options.endpoint.replace(/\/+$/, '');
  const signer = createUrlSigner(options.secret);
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    sessionToken: options.sessionToken,
    service: 's3',
    region: options.region,
    retries: S3_RETRIES,
    initRetryMs: RETRY_BASE_MS,
  });

  function objectUrl(key: string): string {
    const encoded = assertSafeStoragePath(key).split('/').map(encodeURIComponent).join('/');
    return `${base}/${encodeURIComponent(options.bucket)}/${encoded}`;
  }

  function send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<Response> {
    const url = objectUrl(key);
    return client.fetch(url, {
      method,
      headers: {
        // The payload's hash is signed, so the store refuses a body changed on the way (aws4fetch
        // would otherwise send UNSIGNED-PAYLOAD).
        'x-amz-content-sha256': body ? sha256Hex(body.bytes) : EMPTY_PAYLOAD_HASH,
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      body: body ? new Uint8Array(body.bytes) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // Every header we set is signed, content-type included: it is served back with the file.
      aws: { allHeaders: true },
    });
  }

  async function fail(method: string, key: string, res: Response): Promise<never> {
    throw new S3RequestError(method, key, res.status, await res.text().catch(() => ''));
  }

  return {
    async put(key, bytes, contentType) {
      const res = await send('PUT', key, { bytes, contentType });
      if (!res.ok) await fail('PUT', key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail('GET', key, res);
      return {
        bytes: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      // S3 answers 204 also for a missing key; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) await fail('DELETE', key, res);
      await res.body?.cancel();
    },
    signedUrl: (key, expiresInSeconds) => signer.sign(assertSafeStoragePath(key), expiresInSeconds),
    verifySignature: (key, expires, sig) => signer.verify(key, expires, sig),
  };
}
