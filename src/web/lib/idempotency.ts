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
