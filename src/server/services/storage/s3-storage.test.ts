// The S3 adapter's requests against a tiny S3 stand-in on a local port: it records every
// request, checks its SigV4 signature and payload hash as S3 would, and keeps the bodies.
// (s3rver, in s3-storage.s3rver.test.ts, does not check version 4 signatures.)
import { createHash } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createTestApp, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { createS3Storage, S3_RETRIES, S3RequestError, type S3Config } from './s3-storage.ts';
import type { Storage } from './storage.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

const ACCESS_KEY_ID = 'PAPELADATESTKEY';
const SECRET_ACCESS_KEY = 'segredo/do+teste';
const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const requests: Recorded[] = [];
const objects = new Map<string, { body: Buffer; contentType: string }>();
/** Statuses the stand-in answers the next requests with, one each, before serving them. */
let failures: number[] = [];
/** The x-amz-security-token the stand-in expects (none by default). */
let sessionToken: string | undefined;
let server: Server;
let config: S3Config;
let storage: Storage;

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/**
 * What S3 does with the Authorization header: sign the received request again, over the headers
 * it names (which must include host, x-amz-date and x-amz-content-sha256), and compare. The
 * signer is aws4fetch's, checked below against AWS's published example.
 */
async function signatureMatches({ method, url, headers }: Recorded): Promise<boolean> {
  const authorization = header(headers, 'authorization');
  const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((n) => signedNames.includes(n))) {
    return false;
  }
  const expected = new AwsV4Signer({
    method,
    url: new URL(url, `http://${header(headers, 'host')}`).toString(),
    headers: Object.fromEntries(
      signedNames.filter((name) => name !== 'host').map((name) => [name, header(headers, name)]),
    ),
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: 'eu-west-1',
    service: 's3',
    datetime: header(headers, 'x-amz-date'),
    allHeaders: true,
  });
  return (await expected.authHeader()) === authorization;
}

/** S3's answer to one request: refused unless signed by our key with the expected token. */
async function answer(recorded: Recorded, res: ServerResponse): Promise<void> {
  requests.push(recorded);
  const failure = failures.shift();
  if (failure) {
    res
      .writeHead(failure, { 'content-type': 'application/xml' })
      .end('<Error><Code>SlowDown</Code></Error>');
    return;
  }
  const { method, url: key, headers, body } = recorded;
  if (
    !(await signatureMatches(recorded)) ||
    sha256Hex(body) !== header(headers, 'x-amz-content-sha256') ||
    header(headers, 'x-amz-security-token') !== (sessionToken ?? '')
  ) {
    res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    return;
  }
  if (method === 'PUT') {
    objects.set(key, { body, contentType: header(headers, 'content-type') });
    res.writeHead(200, { etag: '"x"' }).end();
  } else if (method === 'GET') {
    const stored = objects.get(key);
    if (!stored) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    else res.writeHead(200, { 'content-type': stored.contentType }).end(stored.body);
  } else if (method === 'DELETE') {
    objects.delete(key);
    res.writeHead(204).end();
  } else {
    res.writeHead(405).end();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      void answer(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = {
    // A trailing slash is tolerated.
    endpoint: `http://127.0.0.1:${port}/`,
    bucket: 'papelada-faturas',
    region: 'eu-west-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  };
  storage = createS3Storage({ ...config, secret: 's'.repeat(40) });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  failures = [];
  sessionToken = undefined;
});

test('put, get and delete are signed path-style requests, and an object comes back as stored', async () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
  await storage.put('conta-1/fatura-1.jpg', bytes, 'image/jpeg');
  expect(await storage.get('conta-1/fatura-1.jpg')).toEqual({
    bytes: Buffer.from(bytes),
    contentType: 'image/jpeg',
  });
  await storage.delete('conta-1/fatura-1.jpg');
  expect(await storage.get('conta-1/fatura-1.jpg')).toBeNull();
  // Deleting a missing object is fine.
  await storage.delete('conta-1/fatura-1.jpg');

  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
    'PUT /papelada-faturas/conta-1/fatura-1.jpg',
    'GET /papelada-faturas/conta-1/fatura-1.jpg',
    'DELETE /papelada-faturas/conta-1/fatura-1.jpg',
    'GET /papelada-faturas/conta-1/fatura-1.jpg',
    'DELETE /papelada-faturas/conta-1/fatura-1.jpg',
  ]);
  const [put] = requests;
  expect(put?.body).toEqual(Buffer.from(bytes));
  expect(header(put?.headers ?? {}, 'content-type')).toBe('image/jpeg');
  expect(header(put?.headers ?? {}, 'x-amz-content-sha256')).toBe(sha256Hex(bytes));
  expect(header(put?.headers ?? {}, 'authorization')).toMatch(
    /^AWS4-HMAC-SHA256 Credential=PAPELADATESTKEY\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
  );
  expect(header(requests[1]?.headers ?? {}, 'x-amz-content-sha256')).toBe(EMPTY_PAYLOAD_HASH);
  // Every request passed the stand-in's signature check (it answers 403 otherwise).
  for (const request of requests) expect(await signatureMatches(request)).toBe(true);
});

test("the stand-in's signer reproduces AWS's published GET Object example", async () => {
  // The S3 API reference, "Signature Calculations for the Authorization Header: Transferring
  // Payload in a Single Chunk", example "GET Object": the first 10 bytes of examplebucket/test.txt.
  const signer = new AwsV4Signer({
    method: 'GET',
    url: 'https://examplebucket.s3.amazonaws.com/test.txt',
    headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
    datetime: '20130524T000000Z',
    allHeaders: true,
  });
  expect(await signer.canonicalString()).toBe(
    [
      'GET',
      '/test.txt',
      '',
      'host:examplebucket.s3.amazonaws.com',
      'range:bytes=0-9',
      `x-amz-content-sha256:${EMPTY_PAYLOAD_HASH}`,
      'x-amz-date:20130524T000000Z',
      '',
      'host;range;x-amz-content-sha256;x-amz-date',
      EMPTY_PAYLOAD_HASH,
    ].join('\n'),
  );
  expect(await signer.stringToSign()).toBe(
    [
      'AWS4-HMAC-SHA256',
      '20130524T000000Z',
      '20130524/us-east-1/s3/aws4_request',
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    ].join('\n'),
  );
  expect(await signer.signature()).toBe(
    'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
  expect(sha256Hex('')).toBe(EMPTY_PAYLOAD_HASH);
});

test('wrong credentials are refused by the store and surface as an error, not as a missing file', async () => {
  const wrong = createS3Storage({ ...config, secretAccessKey: 'outro', secret: 's'.repeat(40) });
  await expect(wrong.put('conta-1/x.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    S3RequestError,
  );
  await expect(wrong.get('conta-1/x.jpg')).rejects.toThrow(/403/);
  // A refusal is final: not retried.
  expect(requests).toHaveLength(2);
});

test("the store's failures are errors naming the request, after the retries", async () => {
  failures = Array.from({ length: 3 * (S3_RETRIES + 1) }, () => 503);
  await expect(storage.get('conta-1/a.jpg')).rejects.toThrow(
    'S3 GET conta-1/a.jpg answered 503: <Error><Code>SlowDown</Code></Error>',
  );
  expect(requests).toHaveLength(S3_RETRIES + 1);
  await expect(storage.put('conta-1/a.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    /503/,
  );
  await expect(storage.delete('conta-1/a.jpg')).rejects.toThrow(/503/);
  expect(requests).toHaveLength(3 * (S3_RETRIES + 1));
  expect(failures).toEqual([]);
});

test('a store that answers 503 or 429 for a moment is retried, and the operation succeeds', async () => {
  expect(S3_RETRIES).toBeGreaterThanOrEqual(2);
  const bytes = new Uint8Array([7, 8, 9]);
  failures = [503, 429];
  await storage.put('conta-1/retry.jpg', bytes, 'image/jpeg');
  failures = [500];
  expect(await storage.get('conta-1/retry.jpg')).toEqual({
    bytes: Buffer.from(bytes),
    contentType: 'image/jpeg',
  });
  // Each retry is signed again and carries the whole body.
  expect(requests.map((r) => `${r.method} ${r.body.length}`)).toEqual([
    'PUT 3',
    'PUT 3',
    'PUT 3',
    'GET 0',
    'GET 0',
  ]);
});

test('temporary credentials send their session token, signed', async () => {
  sessionToken = 'token/da+sessao==';
  const temporary = createS3Storage({ ...config, sessionToken, secret: 's'.repeat(40) });
  await temporary.put('conta-1/token.jpg', new Uint8Array([1]), 'image/jpeg');
  expect((await temporary.get('conta-1/token.jpg'))?.bytes).toEqual(Buffer.from([1]));
  const [put] = requests;
  expect(header(put?.headers ?? {}, 'x-amz-security-token')).toBe(sessionToken);
  expect(header(put?.headers ?? {}, 'authorization')).toContain(
    'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token,',
  );
  // Without the token the stand-in refuses, as S3 does for temporary keys.
  await expect(storage.get('conta-1/token.jpg')).rejects.toThrow(/403/);
});

test('unsafe paths never reach the store, and URLs are our own signed /api/files links', async () => {
  for (const bad of ['../x', 'a/../../x', '/etc/passwd', '']) {
    await expect(storage.put(bad, new Uint8Array([1]), 'image/webp')).rejects.toThrow();
    await expect(storage.get(bad)).rejects.toThrow();
    await expect(storage.delete(bad)).rejects.toThrow();
  }
  expect(requests).toEqual([]);
  const url = new URL(storage.signedUrl('conta-1/a.jpg'), 'http://x');
  expect(url.pathname).toBe('/api/files/conta-1/a.jpg');
  expect(
    storage.verifySignature(
      'conta-1/a.jpg',
      url.searchParams.get('expires') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
    ),
  ).toBe(true);
  expect(
    storage.verifySignature(
      'conta-2/a.jpg',
      url.searchParams.get('expires') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
    ),
  ).toBe(false);
});

test('an invoice photo is stored in the S3 store and served back through a signed /api/files URL', async () => {
  const t = await createTestApp({ storage });
  try {
    const cookie = await signUpVerified(t, 's3@exemplo.pt');
    const profile: { accountId: string } = await (
      await t.app.request('/api/profile', { headers: { cookie } })
    ).json();
    const invoice = await insertInvoice(t.db.db, profile.accountId);
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    form.append('file', new File([new Uint8Array(jpeg)], 'fatura.jpg', { type: 'image/jpeg' }));
    const write = { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN };
    const uploaded = await t.app.request(`/api/invoices/${invoice.id}/photos`, {
      method: 'POST',
      headers: write,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { imagePaths } = (await uploaded.json()) as { imagePaths: string[] };
    const [photo = ''] = imagePaths;
    // The photo and its thumbnail went to the bucket, and nowhere else.
    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.url);
    expect(puts.sort()).toEqual(
      [
        `/papelada-faturas/${photo}`,
        `/papelada-faturas/${photo.replace('/', '/thumbs/').replace(/\.jpg$/, '.webp')}`,
      ].sort(),
    );

    const signed = await t.app.request('/api/files/sign', {
      method: 'POST',
      headers: { ...write, 'content-type': 'application/json' },
      body: JSON.stringify({ paths: [photo] }),
    });
    const { urls } = (await signed.json()) as {
      urls: Record<string, { url: string; thumbUrl: string }>;
    };
    for (const url of [urls[photo]?.url ?? '', urls[photo]?.thumbUrl ?? '']) {
      const file = await t.app.request(url, { headers: { cookie } });
      expect(file.status, url).toBe(200);
      expect(['image/jpeg', 'image/webp']).toContain(file.headers.get('content-type'));
    }
  } finally {
    await t.close();
  }
}, 60_000);
