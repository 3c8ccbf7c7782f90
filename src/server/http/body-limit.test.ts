// Process-level: the real server (startServer, in this process) fed bodies far larger than
// the cap, streamed without a Content-Length as an attacker would (issue 12.7).
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '#server/server.ts';
import { MAX_JSON_BODY_BYTES } from './body-limit.ts';

const MB = 1024 * 1024;
const CSRF_TOKEN = 'ab'.repeat(32);

let server: RunningServer;
let dataDir: string;

// A fresh data dir runs initdb and every migration: a minute on a busy 2-core machine.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'papelada-body-limit-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 180_000);

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: string; ms: number; sentBytes: number };

/**
 * POSTs `totalBytes` of a JSON-looking body, chunked (or with `declaredLength`), and stops
 * sending as soon as an answer arrives, as a real client does once the server has spoken.
 */
function streamBody(
  pathname: string,
  totalBytes: number,
  declaredLength?: number,
): Promise<Answer> {
  const url = new URL(pathname, server.url);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: new URL(server.url).origin,
        'x-csrf-token': CSRF_TOKEN,
        ...(declaredLength === undefined ? {} : { 'content-length': String(declaredLength) }),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started, sentBytes: sent });
        req.destroy();
      });
    });
    // The server may close the connection on a body it will not read: the answer counts.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.write('{"email":"a@exemplo.pt","password":"');
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && sent >= totalBytes) req.end('"}');
    };
    pump();
  });
}

const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'O pedido é demasiado grande.' } };

test.each(['/api/auth/sign-in/email', '/api/invoices'])(
  'a 100 MB chunked body to %s is refused with 413 quickly, without holding it',
  async (route) => {
    const rssBefore = process.memoryUsage().rss;
    const answer = await streamBody(route, 100 * MB);
    const grownMb = (process.memoryUsage().rss - rssBefore) / MB;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    // Answered once the cap was passed, not after the whole body.
    expect(answer.sentBytes).toBeLessThan(50 * MB);
    expect(answer.ms).toBeLessThan(15_000);
    expect(grownMb).toBeLessThan(60);
  },
);

test('a 600 MB body, chunked or declared, is a 413 and never a 500', async () => {
  const chunked = await streamBody('/api/auth/sign-in/email', 600 * MB);
  expect(chunked.status).toBe(413);
  const declared = await streamBody('/api/auth/sign-in/email', 600 * MB, 600 * MB + 40);
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body)).toEqual(TOO_LARGE);
  // The server still answers afterwards.
  expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
});

test('a chunked body under the cap is read as before', async () => {
  const answer = await streamBody('/api/auth/sign-in/email', MAX_JSON_BODY_BYTES / 2);
  // Read and judged by Better Auth: wrong credentials, not a size problem.
  expect(answer.status).not.toBe(413);
  expect(answer.status).toBeLessThan(500);
});
