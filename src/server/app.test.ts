import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'papelada-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="pt-PT"><title>Papelada</title></html>',
  );
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("ok")');
  t = await createTestApp({ webDir });
});

afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

test('health answers ok with the database driver and the version', async () => {
  const res = await t.client.api.health.$get();
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toEqual({
    status: 'ok',
    db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    version: expect.stringMatching(/^\d+\.\d+\.\d+/),
  });
});

test('every response carries a request id and real security headers', async () => {
  const res = await t.app.request('/api/health');
  expect(res.headers.get('x-request-id')).toMatch(/.+/);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // HSTS only under https.
  expect(res.headers.get('strict-transport-security')).toBeNull();
});

test('an unknown API route answers the one error shape in pt-PT', async () => {
  const res = await t.app.request('/api/nada-aqui');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  });
});

test('a state-changing request from another origin is refused', async () => {
  const res = await t.app.request('/api/health', {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    error: { code: 'FORBIDDEN_ORIGIN', message: 'Pedido recusado: origem não permitida.' },
  });
});

test('a state-changing request without an Origin header is refused', async () => {
  const res = await t.app.request('/api/health', {
    method: 'POST',
    headers: { 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  expect(res.status).toBe(403);
});

test('a same-origin state-changing request without the CSRF token is refused', async () => {
  const res = await t.app.request('/api/health', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN },
  });
  expect(res.status).toBe(403);
  expect((await res.json()).error.code).toBe('MISSING_CSRF_TOKEN');
});

test('a same-origin request with the CSRF token passes the check', async () => {
  const res = await t.app.request('/api/nada-aqui', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  expect(res.status).toBe(404);
});

test('the session is null while nobody can sign in', async () => {
  const res = await t.client.api.auth['get-session'].$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toBeNull();
});

test('client-side routes fall back to index.html without caching', async () => {
  const res = await t.app.request('/faturas/123456789');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(await res.text()).toContain('lang="pt-PT"');
});

test('hashed assets are served with a long immutable cache', async () => {
  const res = await t.app.request('/assets/app-1234.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('immutable');
  expect(res.headers.get('content-type')).toContain('javascript');
});

test('a missing file is a 404, not the SPA', async () => {
  const res = await t.app.request('/assets/nao-existe.js');
  expect(res.status).toBe(404);
});

test('path traversal outside the web directory is not served', async () => {
  const res = await t.app.request('/..%2f..%2fetc%2fpasswd');
  expect(res.status).not.toBe(200);
  expect(await res.text()).not.toContain('root:');
});

test('health answers 503 when the database does not answer', async () => {
  const broken = await createTestApp();
  await broken.db.close();
  const res = await broken.app.request('/api/health');
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({ status: 'error' });
});
