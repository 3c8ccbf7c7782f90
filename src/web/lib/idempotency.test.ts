import { expect, test } from 'vitest';
import { assignIdempotencyKey, idempotencyHeaders, idempotencyKeyOf } from './idempotency.ts';

test('one key per submission: the same object keeps its key, another gets a new one', () => {
  const submission = { nif: '123456789' };
  const first = idempotencyHeaders(submission)['Idempotency-Key'];
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(idempotencyHeaders(submission)['Idempotency-Key']).toBe(first);
  expect(idempotencyHeaders({ nif: '123456789' })['Idempotency-Key']).not.toBe(first);
});

test('a submission read back from the device is sent with the key it was first given', () => {
  const typed = { nif: '123456789' };
  const key = idempotencyKeyOf(typed);
  const readBack = { nif: '123456789' };
  assignIdempotencyKey(readBack, key);
  expect(idempotencyHeaders(readBack)['Idempotency-Key']).toBe(key);
});
