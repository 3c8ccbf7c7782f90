// Per-field format rules for the text fields (research pt-qr-spec §1.5).
// Amounts are read by amount.ts. The line between error and warning: a value
// we cannot read or trust to mean what it says (issuer NIF shape, date,
// region, type/status shape) is an error; a readable value that merely breaks
// the spec's form, or is absent from a list we keep, is a warning.
import { hasValidNifCheckDigit, isNifFormat } from '#shared/nif.ts';
import {
  AT_DOCUMENT_STATUSES,
  AT_DOCUMENT_TYPES,
  ISO_COUNTRY_CODES,
  NO_VAT_REGION,
  PORTUGUESE_AUTONOMOUS_REGIONS,
  UNKNOWN_COUNTRY,
} from './code-lists.ts';
import type { FieldCode } from './fields.ts';
import { makeIssue } from './issues.ts';
import type { AtQrIssue } from './types.ts';

export type FieldContext = { buyerCountry: string | undefined };
type Rule = (value: string, field: FieldCode, context: FieldContext) => AtQrIssue | null;

/** SAF-T InvoiceNo / DocumentNumber / PaymentRefNo: "<type> <series>/<number>". */
const SAFT_DOCUMENT_ID = /^[^ ]+ [^/^ ]+\/[0-9]+$/;
/** Validation code of at least 8 characters, '-', sequence number (Portaria 195/2020 art. 3.º). */
const ATCUD = /^[A-Za-z0-9]{8,}-\d+$/;
/** First, 11th, 21st and 31st characters of a Base64 signature, or 0 when unsigned. */
const HASH = /^(?:[A-Za-z0-9+/]{4}|0)$/;
const CERTIFICATE = /^\d{1,4}$/;
const TWO_LETTERS = /^[A-Z]{2}$/;
const SUBDIVISION = /^[A-Z]{2}-[A-Z0-9]{1,2}$/;

/**
 * The issuer NIF is printed by certified software from the issuer's registered
 * number, so a wrong check digit means a typo, a test or anonymised document —
 * yet the rest of the document is readable and the user can correct the NIF.
 * Rejecting the scan would force them to type everything, so it is a warning.
 */
function nifIssue(value: string, party: 'ISSUER' | 'BUYER', field: FieldCode): AtQrIssue | null {
  if (!hasValidNifCheckDigit(value)) return makeIssue(`${party}_NIF_CHECK_DIGIT`, { field, value });
  // 000000000 passes the checksum; python-stdnum rejects a leading 0.
  if (value.startsWith('0')) return makeIssue(`${party}_NIF_PREFIX`, { field, value });
  return null;
}

function isRealDate(yyyymmdd: string): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

function region(value: string, field: FieldCode): AtQrIssue | null {
  if (value === NO_VAT_REGION) {
    // Only the first space may say "no VAT" (spec §3 h).
    return field === 'I1' ? null : makeIssue('BAD_FORMAT', { field, value });
  }
  if (TWO_LETTERS.test(value)) {
    return ISO_COUNTRY_CODES.has(value) ? null : makeIssue('UNKNOWN_REGION', { field, value });
  }
  if (SUBDIVISION.test(value)) {
    return PORTUGUESE_AUTONOMOUS_REGIONS.has(value)
      ? null
      : makeIssue('UNKNOWN_REGION', { field, value });
  }
  return makeIssue('BAD_FORMAT', { field, value });
}

const RULES: Partial<Record<FieldCode, Rule>> = {
  A: (value, field) =>
    isNifFormat(value)
      ? nifIssue(value, 'ISSUER', field)
      : makeIssue('BAD_FORMAT', { field, value }),
  // Foreign tax ids are unprefixed and free-form; only a Portuguese buyer has a NIF to check.
  B: (value, field, { buyerCountry }) => {
    if (buyerCountry !== 'PT') return null;
    if (!isNifFormat(value)) return makeIssue('BUYER_NIF_FORMAT', { field, value });
    return nifIssue(value, 'BUYER', field);
  },
  C: (value, field) => {
    if (value === UNKNOWN_COUNTRY) return null;
    if (!TWO_LETTERS.test(value)) return makeIssue('BAD_FORMAT', { field, value });
    return ISO_COUNTRY_CODES.has(value) ? null : makeIssue('UNKNOWN_COUNTRY', { field, value });
  },
  D: (value, field) => {
    if (!TWO_LETTERS.test(value)) return makeIssue('BAD_FORMAT', { field, value });
    return AT_DOCUMENT_TYPES.has(value)
      ? null
      : makeIssue('UNKNOWN_DOCUMENT_TYPE', { field, value });
  },
  E: (value, field) => {
    if (!/^[A-Z]$/.test(value)) return makeIssue('BAD_FORMAT', { field, value });
    return AT_DOCUMENT_STATUSES.has(value)
      ? null
      : makeIssue('UNKNOWN_DOCUMENT_STATUS', { field, value });
  },
  F: (value, field) => (isRealDate(value) ? null : makeIssue('BAD_FORMAT', { field, value })),
  G: (value, field) =>
    SAFT_DOCUMENT_ID.test(value) ? null : makeIssue('DOCUMENT_NUMBER_FORMAT', { field, value }),
  // H:0 is what issuers without communicated series print (AT FAQ 879), still in 2025.
  H: (value, field) =>
    value === '0' || ATCUD.test(value) ? null : makeIssue('ATCUD_FORMAT', { field, value }),
  I1: region,
  J1: region,
  K1: region,
  Q: (value, field) => (HASH.test(value) ? null : makeIssue('HASH_FORMAT', { field, value })),
  R: (value, field) =>
    CERTIFICATE.test(value) ? null : makeIssue('CERTIFICATE_FORMAT', { field, value }),
};

/** The issue a text field's value raises, if any. S (free text) has no rule beyond its length. */
export function validateField(
  field: FieldCode,
  value: string,
  context: FieldContext,
): AtQrIssue | null {
  const rule = RULES[field];
  return rule ? rule(value, field, context) : null;
}
