// What every field finder returns: the value, how sure it is (0–1), and the printed
// text it came from (used to weigh in the OCR confidence of those words).
export type Found<T> = { value: T; confidence: number; raw: string; line: number };

/**
 * At or above this a field reads as printed and can be trusted (labelled, check digit
 * right, no rival); below it the value is a guess or one of several, and the review form
 * marks it for the person to check.
 */
export const CONFIDENCE_THRESHOLD = 0.8;

export function clampConfidence(value: number): number {
  return Math.round(Math.min(0.99, Math.max(0.05, value)) * 100) / 100;
}

/** The last `length` characters of a folded prefix: labels sit right before their value. */
export function tail(prefix: string, length = 32): string {
  return prefix.slice(Math.max(0, prefix.length - length));
}
