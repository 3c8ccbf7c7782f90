// The storage service on an S3-compatible object store (AWS S3, MinIO, Garage, R2 …), chosen
// when the S3_* variables are set. Objects are addressed path-style, `${endpoint}/${bucket}/${key}`,
// with the storage path as the key. Browsers never talk to the store: files are still served by
// GET /api/files through our own signed URLs, so the access checks stay ours and the bucket can
// stay private. The credentials need GetObject, PutObject, DeleteObject and ListBucket (without
// ListBucket, S3 answers a missing key with 403 instead of 404).
import { createUrlSigner } from './signed-url.ts';
import {
  EMPTY_PAYLOAD_HASH,
  sha256Hex,
  signRequestV4,
  type SigV4Credentials,
} from './aws-sigv4.ts';
import { assertSafeStoragePath } from './storage-path.ts';
import type { Storage } from './storage.ts';

export const DEFAULT_S3_REGION = 'us-east-1';
const REQUEST_TIMEOUT_MS = 30_000;

export type S3Config = {
  /** http(s) origin of the store, optionally with a path prefix. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
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

export function createS3Storage(options: CreateS3StorageOptions): Storage {
  const base = options.endpoint.replace(/\/+$/, '');
  const signer = createUrlSigner(options.secret);
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  };

  function objectUrl(key: string): URL {
    const encoded = assertSafeStoragePath(key).split('/').map(encodeURIComponent).join('/');
    return new URL(`${base}/${encodeURIComponent(options.bucket)}/${encoded}`);
  }

  async function send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<Response> {
    const url = objectUrl(key);
    const { headers } = signRequestV4(
      {
        method,
        url,
        headers: body ? { 'content-type': body.contentType } : {},
        payloadHash: body ? sha256Hex(body.bytes) : EMPTY_PAYLOAD_HASH,
      },
      credentials,
    );
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body.bytes) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
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
