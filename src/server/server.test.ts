// startServer() at the HTTP level: a client that keeps a connection for reuse longer than Node's
// default 5 s keep-alive must find it still open (the race behind a flaky ECONNRESET in the
// browser tests), and a graceful close must not wait for those idle connections.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { HTTP_TIMEOUTS, startServer, type RunningServer } from '#server/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-server-'));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir,
    logger: createLogger('silent'),
    webDir: path.join(dataDir, 'no-web'),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, reusedSocket: request.reusedSocket }),
      );
    });
    request.on('error', reject);
  });
}

test('the keep-alive timeout outlasts a client idle minute and the headers timeout outlasts it', () => {
  expect(HTTP_TIMEOUTS.keepAliveTimeout).toBeGreaterThan(60_000);
  expect(HTTP_TIMEOUTS.headersTimeout).toBeGreaterThan(HTTP_TIMEOUTS.keepAliveTimeout);
  expect(HTTP_TIMEOUTS.requestTimeout).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.headersTimeout);
});

test('a kept-alive connection idle for 6 s is reused, not closed under the client', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${server.url}/api/health`);
    expect(first).toEqual({ status: 200, reusedSocket: false });
    // Longer than Node's default keepAliveTimeout of 5 s.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(agent, `${server.url}/api/health`);
    expect(second).toEqual({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
}, 20_000);

// Last: it closes the shared server (close() is idempotent, so afterAll's call is a no-op).
test('close() finishes promptly while a client holds an idle kept-alive connection', async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    expect((await get(agent, `${server.url}/api/health`)).status).toBe(200);
    const started = Date.now();
    await server.close();
    // Well under the 10 s grace period an idle connection would otherwise hold it for; room
    // left for a busy machine closing the database.
    expect(Date.now() - started).toBeLessThan(8_000);
  } finally {
    agent.destroy();
  }
}, 20_000);
