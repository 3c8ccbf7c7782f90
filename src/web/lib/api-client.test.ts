import { expect, test } from 'vitest';
import { createApiFetch, getCsrfToken } from './api-client.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

test('the CSRF token is 32 random bytes in hex, kept for the tab', () => {
  const storage = memoryStorage();
  const token = getCsrfToken(storage);
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  expect(getCsrfToken(storage)).toBe(token);
  expect(getCsrfToken(memoryStorage())).not.toBe(token);
});

test('a tampered stored token is replaced', () => {
  const storage = memoryStorage();
  storage.setItem('csrf_token', '<script>');
  expect(getCsrfToken(storage)).toMatch(/^[0-9a-f]{64}$/);
});

test('every call carries the CSRF and X-Requested-With headers with same-origin cookies', async () => {
  const storage = memoryStorage();
  let seen: RequestInit | undefined;
  const apiFetch = createApiFetch(async (_input, init) => {
    seen = init;
    return new Response('{}');
  }, storage);
  await apiFetch('/api/faturas', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  const headers = new Headers(seen?.headers);
  expect(headers.get('x-csrf-token')).toBe(getCsrfToken(storage));
  expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(headers.get('content-type')).toBe('application/json');
  expect(seen?.credentials).toBe('same-origin');
});
