// A schema without its own words for a mistake answers in zod's European Portuguese, never in
// zod's English defaults.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { postJson } from '#server/features/auth/test-helpers.ts';
import type { ErrorBody } from '#server/http/errors.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';

let t: SignedInTestApp;
let cookie: string;

beforeAll(async () => {
  // On Empresarial, so that every body below reaches its schema (custom categories included).
  t = await createTestApp({ plan: 'enterprise_500', email: 'zod-pt@exemplo.pt' });
  cookie = t.cookie;
});

afterAll(() => t.close());

const ENGLISH = /\b(expected|received|invalid input|required|must|string|object)\b/i;

test.each([
  [
    'a limit that is a number, not an object',
    '/api/suppliers',
    { name: 'Luz', nif: '503504564', limit: 5 },
  ],
  ['an invoice total that is text', '/api/invoices', { total: 'muito' }],
  [
    'a category colour of the wrong type',
    '/api/categories',
    { name: 'Casa', icon: 'home', color: 7 },
  ],
])('%s is refused in pt-PT', async (_name, path, body) => {
  const res = await postJson(t, path, body, { cookie });
  expect(res.status).toBe(400);
  const { error } = (await res.json()) as ErrorBody;
  for (const text of [error.message, ...(error.issues ?? []).map((i) => i.message)]) {
    expect(text).not.toMatch(ENGLISH);
  }
});
