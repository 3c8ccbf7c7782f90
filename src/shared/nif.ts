// Portuguese tax number (NIF). Format and check digit are separate verdicts: a
// 9-digit value with a wrong check digit is still "a NIF-shaped value" (spec
// invoice-work §5 calls 9 digits valid), and the UI warns about the digit.

const NIF_FORMAT = /^\d{9}$/;
const WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Exactly nine digits, nothing else. */
export function isNifFormat(value: string): boolean {
  return NIF_FORMAT.test(value);
}

/** The mod-11 check digit of the first eight digits (python-stdnum `calc_check_digit`). */
export function computeNifCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += WEIGHTS[i]! * Number(firstEight[i]);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Nine digits whose last digit matches the mod-11 check digit. */
export function hasValidNifCheckDigit(value: string): boolean {
  if (!isNifFormat(value)) return false;
  return computeNifCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/** A NIF that could have been issued: nine digits, first digit not 0, check digit right. */
export function isValidNif(value: string): boolean {
  return hasValidNifCheckDigit(value) && value[0] !== '0';
}

/**
 * A private person's NIF: first digit 1, 2 or 3, or the non-resident persons' 45
 * (research/pt-qr-spec.md §4). Companies, the State and other entities have the rest, and the
 * 'Consumidor final' 999999990. A person's NIF is personal data: the server keeps it encrypted.
 */
export function isPersonNif(value: string): boolean {
  return isNifFormat(value) && (/^[123]/.test(value) || value.startsWith('45'));
}

// Display rules of spec invoice-work §2 "Tax number display". Stored tax numbers may
// be encrypted blobs (long base64), so anything that is not a NIF is never grouped.
export const NIF_DISPLAY_EMPTY = {
  detail: 'Não identificado',
  listing: 'Sem NIF',
} as const;
export type NifDisplayContext = keyof typeof NIF_DISPLAY_EMPTY;

const ENCRYPTED_VISIBLE_CHARS = 20;
/** Appended to a truncated long value: U+2026, one space, then the label. */
export const NIF_ENCRYPTED_SUFFIX = '… (encriptado)';

// Whitespace of any kind (including NBSP from copy-paste), dots and hyphens are
// separators people type inside a NIF ("123.456.789", "PT 123 456 789").
const NIF_SEPARATORS = /[\s.-]/gu;
const PT_PREFIX = /^PT/i;

/** Strips separators and an optional `PT` (VAT) prefix; does not validate. */
export function normalizeNif(input: string): string {
  return input.replace(NIF_SEPARATORS, '').replace(PT_PREFIX, '');
}

/**
 * How a tax number is shown. A value that normalises to nine digits is grouped
 * 3-3-3 (spec §5 calls 9 digits valid, so the check digit is not required here);
 * a non-NIF longer than 20 characters is cut to its first 20 characters followed
 * by `… (encriptado)`; an empty one shows the context's label; anything else is
 * shown trimmed, as typed.
 */
export function formatNif(
  value: string | null | undefined,
  context: NifDisplayContext = 'detail',
): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return NIF_DISPLAY_EMPTY[context];
  const normalized = normalizeNif(trimmed);
  if (isNifFormat(normalized)) {
    return `${normalized.slice(0, 3)} ${normalized.slice(3, 6)} ${normalized.slice(6)}`;
  }
  // Code points, not UTF-16 units, so a cut never splits a character.
  const chars = Array.from(trimmed);
  if (chars.length > ENCRYPTED_VISIBLE_CHARS) {
    return chars.slice(0, ENCRYPTED_VISIBLE_CHARS).join('') + NIF_ENCRYPTED_SUFFIX;
  }
  return trimmed;
}
