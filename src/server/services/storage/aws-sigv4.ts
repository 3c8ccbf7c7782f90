// AWS Signature Version 4 for the S3 adapter, header-based (the Authorization header), written
// with node:crypto so the adapter needs no SDK. Follows "Signature Calculations for the
// Authorization Header" of the S3 API reference; tested against its "GET Object" example.
import { createHash, createHmac } from 'node:crypto';

export type SigV4Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** 's3' for S3 and the S3-compatible stores. */
  service: string;
};

export type SigV4Request = {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Lowercase hex SHA-256 of the body (of '' when there is none). */
  payloadHash: string;
};

export type SignedRequest = {
  /** What to send: the given headers plus x-amz-date, x-amz-content-sha256, authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const EMPTY_PAYLOAD_HASH = sha256Hex('');

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ (encodeURIComponent spares !'()*). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The path with each segment encoded once (S3 does not double-encode). */
function canonicalUri(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** '20130524T000000Z' */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signRequestV4(
  { method, url, headers = {}, payloadHash }: SigV4Request,
  credentials: SigV4Credentials,
  now: Date = new Date(),
): SignedRequest {
  const timestamp = amzDate(now);
  const day = timestamp.slice(0, 8);
  const toSend: Record<string, string> = {
    ...headers,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': timestamp,
  };
  // fetch sends Host from the URL (with the port when it is not the default): sign that.
  const signed = new Map<string, string>([['host', url.host]]);
  for (const [name, value] of Object.entries(toSend)) {
    signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...signed.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    method.toUpperCase(),
    canonicalUri(url),
    canonicalQuery(url),
    ...names.map((name) => `${name}:${signed.get(name) ?? ''}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');

  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(
    hmac(
      hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region),
      credentials.service,
    ),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    headers: {
      ...toSend,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}
