// Idempotency keys for creates (issue 19 point 4): one key per submission, kept by the
// submission's own variables object, so TanStack's retry of the same mutate() call — and
// only that — sends the same key, and the server answers it with the first result instead of
// creating twice. A new submission is a new object, hence a new key.
const keys = new WeakMap<object, string>();

/** The `Idempotency-Key` header for this submission. */
export function idempotencyHeaders(submission: object): { 'Idempotency-Key': string } {
  let key = keys.get(submission);
  if (key === undefined) {
    key = crypto.randomUUID();
    keys.set(submission, key);
  }
  return { 'Idempotency-Key': key };
}

/** The key this submission is (or will be) sent with: an invoice kept offline keeps it. */
export function idempotencyKeyOf(submission: object): string {
  return idempotencyHeaders(submission)['Idempotency-Key'];
}

/**
 * Sends `submission` with a key chosen earlier: an invoice kept on the device (ADR 029) is a
 * new object each time it is read back, but the same submission to the server.
 */
export function assignIdempotencyKey(submission: object, key: string): void {
  keys.set(submission, key);
}
