import { expect, test } from 'vitest';
import { amzDate, EMPTY_PAYLOAD_HASH, signRequestV4 } from './aws-sigv4.ts';

// The S3 API reference, "Signature Calculations for the Authorization Header: Transferring
// Payload in a Single Chunk", example "GET Object": the first 10 bytes of examplebucket/test.txt.
const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};

test("the signer reproduces AWS's published GET Object example", () => {
  const signed = signRequestV4(
    {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
    },
    EXAMPLE_CREDENTIALS,
    new Date('2013-05-24T00:00:00Z'),
  );
  expect(EMPTY_PAYLOAD_HASH).toBe(
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
  expect(signed.canonicalRequest).toBe(
    [
      'GET',
      '/test.txt',
      '',
      'host:examplebucket.s3.amazonaws.com',
      'range:bytes=0-9',
      'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date:20130524T000000Z',
      '',
      'host;range;x-amz-content-sha256;x-amz-date',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ].join('\n'),
  );
  expect(signed.stringToSign).toBe(
    [
      'AWS4-HMAC-SHA256',
      '20130524T000000Z',
      '20130524/us-east-1/s3/aws4_request',
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    ].join('\n'),
  );
  expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  expect(signed.headers).toEqual({
    Range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_PAYLOAD_HASH,
    'x-amz-date': '20130524T000000Z',
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  });
});

test('another moment, key, region or path gives another signature', () => {
  const request = {
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    payloadHash: EMPTY_PAYLOAD_HASH,
  };
  const at = new Date('2013-05-24T00:00:00Z');
  const base = signRequestV4(request, EXAMPLE_CREDENTIALS, at).signature;
  const variants = [
    signRequestV4(request, EXAMPLE_CREDENTIALS, new Date('2013-05-24T00:00:01Z')),
    signRequestV4(request, { ...EXAMPLE_CREDENTIALS, secretAccessKey: 'outra' }, at),
    signRequestV4(request, { ...EXAMPLE_CREDENTIALS, region: 'eu-west-1' }, at),
    signRequestV4(
      { ...request, url: new URL('https://examplebucket.s3.amazonaws.com/test2.txt') },
      EXAMPLE_CREDENTIALS,
      at,
    ),
  ].map((s) => s.signature);
  expect(new Set([base, ...variants]).size).toBe(5);
});

test('the path is encoded once per RFC 3986, the query sorted, and a non-default port signed in host', () => {
  const signed = signRequestV4(
    {
      method: 'PUT',
      url: new URL('http://127.0.0.1:9000/papelada/conta/a b(1)!.jpg?versionId=2&acl='),
      payloadHash: EMPTY_PAYLOAD_HASH,
    },
    EXAMPLE_CREDENTIALS,
  );
  const [method, uri, query, host] = signed.canonicalRequest.split('\n');
  expect([method, uri, query, host]).toEqual([
    'PUT',
    '/papelada/conta/a%20b%281%29%21.jpg',
    'acl=&versionId=2',
    'host:127.0.0.1:9000',
  ]);
  expect(amzDate(new Date('2026-11-21T09:08:07.654Z'))).toBe('20261121T090807Z');
});
