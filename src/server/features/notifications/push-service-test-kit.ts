// A push service on loopback for the reminders' tests: it takes what the app POSTs to a
// subscription's endpoint, checks the VAPID authorization as a real push service does (the
// ES256 JWT signed with the app's key, for this origin, not expired), and answers 201 — or the
// status a test sets for an endpoint (410: the subscription is gone). The browser's side
// decrypts the aes128gcm payload with its own private key and auth secret (RFC 8291, RFC 8188),
// with node:crypto alone: what the test reads is what a phone would show.
import { createECDH, createPublicKey, hkdfSync, verify, createDecipheriv } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserSubscription } from './push-test-helpers.ts';

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  status: number;
};

export type PushService = {
  /** The endpoint of a new subscription on this service. */
  endpoint(name: string): string;
  /** What the service answers for `endpoint` from now on (201 by default). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = statuses.get(path) ?? 201;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    endpoint: (name) => `${origin}/push/${name}`,
    answer: (endpoint, status) => statuses.set(new URL(endpoint).pathname, status),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The uncompressed P-256 point (65 bytes, base64url) as a public key. */
function p256PublicKey(raw: Buffer) {
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * The Authorization header `vapid t=<JWT>, k=<public key>` (RFC 8292): the key must be
 * `publicKey`, the JWT's ES256 signature must verify with it, and its claims are returned.
 * Throws on anything a push service would refuse.
 */
export function verifyVapid(push: ReceivedPush, publicKey: string): VapidClaims {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  if (key !== publicKey) throw new Error('signed with another key');
  const [head = '', claims = '', signature = ''] = token.split('.');
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Error(`alg ${jose.alg}`);
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims;
}

/**
 * The payload as the browser reads it: aes128gcm (RFC 8188) with the key and nonce derived from
 * the ECDH secret between the browser's key and the sender's one-off key, and the browser's
 * auth secret (RFC 8291 §3.4).
 */
export function decryptPush(push: ReceivedPush, browser: BrowserSubscription): string {
  if (push.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
  const body = push.body;
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(browser.ecdh.getPrivateKey());
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
