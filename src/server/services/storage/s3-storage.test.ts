// The S3 adapter's requests against a tiny S3 stand-in on a local port: it records every
// request, checks its SigV4 signature and payload hash as S3 would, and keeps the bodies.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createTestApp, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { sha256Hex, signRequestV4 } from './aws-sigv4.ts';
import { createS3Storage, S3RequestError, type S3Config } from './s3-storage.ts';
import type { Storage } from './storage.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

const ACCESS_KEY_ID = 'PAPELADATESTKEY';
const SECRET_ACCESS_KEY = 'segredo/do+teste';
const requests: Recorded[] = [];
const objects = new Map<string, { body: Buffer; contentType: string }>();
let failWith: number | null = null;
let server: Server;
let config: S3Config;
let storage: Storage;

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/** What S3 does with the Authorization header: sign the received request again and compare. */
function signatureMatches({ method, url, headers }: Recorded): boolean {
  const authorization = header(headers, 'authorization');
  const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const xAmzDate = header(headers, 'x-amz-date');
  const at = new Date(
    xAmzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  const others = Object.fromEntries(
    signedNames
      .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
      .map((name) => [name, header(headers, name)]),
  );
  const expected = signRequestV4(
    {
      method,
      url: new URL(url, `http://${header(headers, 'host')}`),
      headers: others,
      payloadHash: header(headers, 'x-amz-content-sha256'),
    },
    {
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      region: 'eu-west-1',
      service: 's3',
    },
    at,
  );
  return expected.headers.authorization === authorization;
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
      requests.push(recorded);
      if (failWith) {
        res
          .writeHead(failWith, { 'content-type': 'application/xml' })
          .end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      if (
        !signatureMatches(recorded) ||
        sha256Hex(recorded.body) !== header(req.headers, 'x-amz-content-sha256')
      ) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = recorded.url;
      if (req.method === 'PUT') {
        objects.set(key, { body: recorded.body, contentType: header(req.headers, 'content-type') });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const stored = objects.get(key);
        if (!stored) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': stored.contentType }).end(stored.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
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
  failWith = null;
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
    /^AWS4-HMAC-SHA256 Credential=PAPELADATESTKEY\/\d{8}\/eu-west-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
  );
  // Every request passed the stand-in's signature check (it answers 403 otherwise).
  expect(requests.every(signatureMatches)).toBe(true);
});

test('wrong credentials are refused by the store and surface as an error, not as a missing file', async () => {
  const wrong = createS3Storage({ ...config, secretAccessKey: 'outro', secret: 's'.repeat(40) });
  await expect(wrong.put('conta-1/x.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    S3RequestError,
  );
  await expect(wrong.get('conta-1/x.jpg')).rejects.toThrow(/403/);
});

test("the store's failures are errors naming the request", async () => {
  failWith = 503;
  await expect(storage.get('conta-1/a.jpg')).rejects.toThrow(
    'S3 GET conta-1/a.jpg answered 503: <Error><Code>SlowDown</Code></Error>',
  );
  await expect(storage.put('conta-1/a.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    /503/,
  );
  await expect(storage.delete('conta-1/a.jpg')).rejects.toThrow(/503/);
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
