// Structural reading of the payload: '*' separates fields, the FIRST ':'
// separates code from value (values may contain ':', '/', spaces), codes are
// known, unique and in canonical order. Values come out trimmed.
import {
  fieldPosition,
  isFieldCode,
  MANDATORY_FIELDS,
  maxLength,
  type FieldCode,
} from './fields.ts';
import { makeIssue } from './issues.ts';
import type { AtQrIssue } from './types.ts';

export type SplitPayload = {
  /** Usable values, trimmed, in payload order. */
  fields: Map<FieldCode, string>;
  /** Every code that appeared, even with an unusable value (so it is not also "missing"). */
  seen: Set<FieldCode>;
};

const ENCODED_START = /^A%3A/i;
const ENCODED_STAR = /%2A/i;
const ASCII_ESCAPE = /%([0-7][0-9A-F])/gi;

/**
 * Some generators store the payload URL-encoded (Odoo keeps it `quote_plus`-ed),
 * so `A%3A…` or a star-less payload with `%2A` is decoded; `+` was a space.
 * Returns null when the input is not URL-encoded.
 */
export function decodeUrlEncoding(input: string): string | null {
  const looksEncoded =
    ENCODED_START.test(input) || (!input.includes('*') && ENCODED_STAR.test(input));
  if (!looksEncoded) return null;
  const spaced = input.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced).trim();
  } catch {
    // A stray '%' breaks decodeURIComponent; decode the ASCII escapes we can.
    return spaced
      .replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .trim();
  }
}

function readValue(field: FieldCode, rawValue: string, issues: AtQrIssue[]): string | null {
  const value = rawValue.trim();
  if (value === '') {
    issues.push(
      makeIssue(MANDATORY_FIELDS.has(field) ? 'EMPTY_FIELD' : 'EMPTY_OPTIONAL_FIELD', { field }),
    );
    return null;
  }
  // Tolerated: the v1.1 example copies read "G: M1F KLG/6145" and "H: RQD8L6DG-6145".
  if (rawValue.trimStart() !== rawValue) issues.push(makeIssue('LEADING_SPACE', { field }));
  if (rawValue.trimEnd() !== rawValue) issues.push(makeIssue('TRAILING_SPACE', { field }));
  const max = maxLength(field);
  if (value.length > max) {
    issues.push(makeIssue('TOO_LONG', { field, value, expected: String(max) }));
    return null;
  }
  return value;
}

export function splitPayload(payload: string, issues: AtQrIssue[]): SplitPayload {
  const fields = new Map<FieldCode, string>();
  const seen = new Set<FieldCode>();
  let lastPosition = -1;
  let reportedEmptySegment = false;

  for (const segment of payload.split('*')) {
    if (segment === '') {
      if (!reportedEmptySegment) issues.push(makeIssue('EMPTY_SEGMENT'));
      reportedEmptySegment = true;
      continue;
    }
    const colon = segment.indexOf(':');
    if (colon <= 0) {
      issues.push(makeIssue('MALFORMED_FIELD', { value: segment }));
      continue;
    }
    const key = segment.slice(0, colon);
    if (!isFieldCode(key)) {
      issues.push(makeIssue('UNKNOWN_FIELD', { field: key }));
      continue;
    }
    if (seen.has(key)) {
      issues.push(makeIssue('DUPLICATE_FIELD', { field: key }));
      continue;
    }
    seen.add(key);
    const position = fieldPosition(key);
    if (position < lastPosition) issues.push(makeIssue('OUT_OF_ORDER', { field: key }));
    lastPosition = Math.max(lastPosition, position);

    const value = readValue(key, segment.slice(colon + 1), issues);
    if (value !== null) fields.set(key, value);
  }
  return { fields, seen };
}
