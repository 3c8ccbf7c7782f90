// What every field finder returns: the value, how sure it is (0–1), and the printed
// text it came from (used to weigh in the OCR confidence of those words).
export type Found<T> = { value: T; confidence: number; raw: string; line: number };

export function clampConfidence(value: number): number {
  return Math.round(Math.min(0.99, Math.max(0.05, value)) * 100) / 100;
}

/** The last `length` characters of a folded prefix: labels sit right before their value. */
export function tail(prefix: string, length = 32): string {
  return prefix.slice(Math.max(0, prefix.length - length));
}
