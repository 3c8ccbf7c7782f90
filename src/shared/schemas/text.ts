// The one home of the rules every text field shares (DESIGN.md "Security rules"): text that
// cannot be right is refused with a pt-PT message before it goes anywhere — control characters
// (PostgreSQL refuses a NUL in text, so one used to end in a 500), bidirectional overrides and
// isolates (they make a supplier name read backwards) and unpaired surrogates (not text at
// all) — and what is kept is NFC-normalised and trimmed, so 'Café' typed on two keyboards is
// one supplier. Every schema builds its text fields from these helpers.
import { z } from 'zod';

export const TEXT_MESSAGES = {
  invalidCharacters: 'Este campo contém caracteres inválidos.',
} as const;

// C0 and C1 controls and DEL; multi-line text keeps tab and newline (CR only as part of a line
// break, which is folded to a newline).
// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
// LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// Without the u flag a regex sees UTF-16 code units, so a lone half of a pair is visible.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextKind = 'single-line' | 'multi-line';

/** Whether `value` holds a character no field of that kind accepts. */
export function hasForbiddenCharacters(value: string, kind: TextKind = 'single-line'): boolean {
  const controls = kind === 'single-line' ? SINGLE_LINE_FORBIDDEN : MULTI_LINE_FORBIDDEN;
  return controls.test(value) || BIDI_CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** A multi-line field's CR LF and lone CR become LF (a textarea or a pasted Windows text). */
function foldLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

type TextOptions = {
  /** The message when the value is not a string at all (missing, null, a number …). */
  error?: string;
  /** Trim the ends (default). Passwords are kept exactly as typed. */
  trim?: boolean;
  /** NFC-normalise (default). Passwords are kept exactly as typed. */
  normalize?: boolean;
};

function text(kind: TextKind, { error, trim = true, normalize = true }: TextOptions) {
  let schema = z
    .string(error === undefined ? undefined : { error })
    // First, on the raw value, and abort: nothing after it runs on text that cannot be right.
    .refine((v) => !hasForbiddenCharacters(kind === 'multi-line' ? foldLineBreaks(v) : v, kind), {
      error: TEXT_MESSAGES.invalidCharacters,
      abort: true,
    });
  if (kind === 'multi-line') schema = schema.overwrite(foldLineBreaks);
  if (normalize) schema = schema.overwrite((v) => v.normalize('NFC'));
  if (trim) schema = schema.trim();
  return schema;
}

/**
 * A one-line text (a name, a number, an email, a token): no control character at all, no bidi
 * control, no lone surrogate; NFC-normalised and trimmed. A zod string: chain .min / .max.
 */
export function singleLineText(options: TextOptions = {}) {
  return text('single-line', options);
}

/** A text of several lines (notes, an email template): tab and newline are allowed. */
export function multiLineText(options: TextOptions = {}) {
  return text('multi-line', options);
}

/** An optional text: missing, null or blank after trimming becomes null. */
export function optionalText(
  kind: TextKind,
  max: number,
  tooLong: string,
  error: string = TEXT_MESSAGES.invalidCharacters,
) {
  return text(kind, { error })
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}
