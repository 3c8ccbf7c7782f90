// The columns kept encrypted at rest (issue 19.3, ADR 028), from a value to its columns and
// back: a person's NIF on the profile and on an invoice's buyer, and a supplier's email. Every
// write of those values goes through a `seal…` function and every read through an `open…` one;
// the rest of the app handles the plain value only.
import { isNifFormat, isPersonNif } from '#shared/nif.ts';
import type { FieldCipher } from './field-encryption.ts';

/** Authenticated with each sealed value: a value copied into another column does not open. */
export const SEALED_PURPOSE = {
  personalNif: 'profiles.personal_nif',
  buyerNif: 'invoices.buyer_nif',
  supplierEmail: 'suppliers.email',
} as const;

/** One hash domain for every NIF: a buyer's NIF hash equals the profile's for the same NIF. */
export const NIF_HASH_DOMAIN = 'nif';

/**
 * What a value that no key opens reads as (spec invoice-work §2 "Tax number display": a value
 * that is not a NIF shows '(encriptado)'). A NIF is answered as its sealed text, longer than 20
 * characters, which #shared/nif.ts formatNif shows as its first 20 and '… (encriptado)'; an
 * email, which has no such rule, as this label.
 */
export const UNREADABLE_VALUE = '(encriptado)';

export const nifHash = (cipher: FieldCipher, nif: string) => cipher.hash(nif, NIF_HASH_DOMAIN);

/** The profile's personal NIF as its columns (the clear column always emptied). */
export function personalNifColumns(cipher: FieldCipher, nif: string | null) {
  return {
    legacyPersonalNif: null,
    personalNifEncrypted: nif ? cipher.seal(nif, SEALED_PURPOSE.personalNif) : null,
    personalNifHash: nif ? nifHash(cipher, nif) : null,
  };
}

/** The profile's company NIF: in the clear, with its hash for the summary's comparison. */
export function companyNifColumns(cipher: FieldCipher, nif: string | null) {
  return { companyNif: nif, companyNifHash: nif ? nifHash(cipher, nif) : null };
}

/**
 * Whether a buyer NIF is sealed: a person's, and anything that is not a NIF at all (rows from
 * before the shared schema checked it), since nothing says it is not personal.
 */
export function isSealedBuyerNif(nif: string): boolean {
  return isPersonNif(nif) || !isNifFormat(nif);
}

/** An invoice's buyer NIF as its columns: a person's sealed, any other in the clear. */
export function buyerNifColumns(cipher: FieldCipher, nif: string | null) {
  if (!nif) return { buyerNifClear: null, buyerNifEncrypted: null, buyerNifHash: null };
  const sealed = isSealedBuyerNif(nif);
  return {
    buyerNifClear: sealed ? null : nif,
    buyerNifEncrypted: sealed ? cipher.seal(nif, SEALED_PURPOSE.buyerNif) : null,
    buyerNifHash: nifHash(cipher, nif),
  };
}

/** A supplier's email as its columns (the clear column always emptied). */
export function supplierEmailColumns(cipher: FieldCipher, email: string | null) {
  return {
    legacyEmail: null,
    emailEncrypted: email ? cipher.seal(email, SEALED_PURPOSE.supplierEmail) : null,
  };
}

/**
 * A sealed value, or the clear one a row written before migration 0019 (or by an older server)
 * still holds until the start-up backfill reaches it; `unreadable` when no key opens it.
 */
function openColumn(
  cipher: FieldCipher,
  sealed: string | null,
  clear: string | null,
  purpose: string,
  unreadable: string | null,
): string | null {
  if (sealed === null) return clear;
  return cipher.open(sealed, purpose) ?? unreadable;
}

type PersonalNifRow = { personalNifEncrypted: string | null; legacyPersonalNif: string | null };
type BuyerNifRow = { buyerNifEncrypted: string | null; buyerNifClear: string | null };
type SupplierEmailRow = { emailEncrypted: string | null; legacyEmail: string | null };

/** The personal NIF as the API shows it: a value no key opens is its sealed text. */
export const openPersonalNif = (cipher: FieldCipher, row: PersonalNifRow) =>
  openColumn(
    cipher,
    row.personalNifEncrypted,
    row.legacyPersonalNif,
    SEALED_PURPOSE.personalNif,
    row.personalNifEncrypted,
  );

/** The personal NIF when it opens; null when there is none or no key opens it (emails). */
export const readablePersonalNif = (cipher: FieldCipher, row: PersonalNifRow) =>
  openColumn(
    cipher,
    row.personalNifEncrypted,
    row.legacyPersonalNif,
    SEALED_PURPOSE.personalNif,
    null,
  );

/** The buyer NIF as the API shows it: a value no key opens is its sealed text. */
export const openBuyerNif = (cipher: FieldCipher, row: BuyerNifRow) =>
  openColumn(
    cipher,
    row.buyerNifEncrypted,
    row.buyerNifClear,
    SEALED_PURPOSE.buyerNif,
    row.buyerNifEncrypted,
  );

/** The supplier's email as the API shows it: '(encriptado)' when no key opens it. */
export const openSupplierEmail = (cipher: FieldCipher, row: SupplierEmailRow) =>
  openColumn(
    cipher,
    row.emailEncrypted,
    row.legacyEmail,
    SEALED_PURPOSE.supplierEmail,
    UNREADABLE_VALUE,
  );

/** The supplier's email to write to: null when there is none or no key opens it. */
export const readableSupplierEmail = (cipher: FieldCipher, row: SupplierEmailRow) =>
  openColumn(cipher, row.emailEncrypted, row.legacyEmail, SEALED_PURPOSE.supplierEmail, null);

/**
 * Each sealed column by its SQL names, for the code that handles rows generically: the account
 * export (the plain value under the clear column's name, the sealed text left out) and the key
 * rotation.
 */
export const SEALED_COLUMNS = [
  {
    table: 'profiles',
    clear: 'personal_nif',
    sealed: 'personal_nif_encrypted',
    purpose: SEALED_PURPOSE.personalNif,
  },
  {
    table: 'invoices',
    clear: 'buyer_nif',
    sealed: 'buyer_nif_encrypted',
    purpose: SEALED_PURPOSE.buyerNif,
  },
  {
    table: 'suppliers',
    clear: 'email',
    sealed: 'email_encrypted',
    purpose: SEALED_PURPOSE.supplierEmail,
  },
] as const;

/**
 * A row of the account export (SQL column names) with its sealed values opened into the clear
 * columns: the account's own data, readable. A value no key opens stays as '(encriptado)'.
 */
export function openExportedRow(
  cipher: FieldCipher,
  table: string,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const columns = SEALED_COLUMNS.filter((c) => c.table === table);
  if (columns.length === 0) return row;
  const out = { ...row };
  for (const { clear, sealed, purpose } of columns) {
    const value = out[sealed];
    delete out[sealed];
    if (typeof value === 'string') out[clear] = cipher.open(value, purpose) ?? UNREADABLE_VALUE;
  }
  return out;
}
