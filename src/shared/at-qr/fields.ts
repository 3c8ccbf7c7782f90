// The field table of the AT QR specification (v1.0 §4): codes in their
// mandatory order, maximum lengths, and which fields are mandatory or money.

/** Every field code, in the canonical order the specification imposes. */
// prettier-ignore
export const FIELD_CODES = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H',
  'I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8',
  'J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8',
  'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8',
  'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

const POSITION: ReadonlyMap<string, number> = new Map(FIELD_CODES.map((code, i) => [code, i]));

export function isFieldCode(key: string): key is FieldCode {
  return POSITION.has(key);
}

/** Index of a code in the canonical order (for the order check). */
export function fieldPosition(code: FieldCode): number {
  return POSITION.get(code) ?? -1;
}

/**
 * I1 is listed even though a document may carry only J1 or K1 (island-only, a
 * tolerated deviation); the fiscal-space reader decides about it, not the
 * generic mandatory check.
 */
// prettier-ignore
export const MANDATORY_FIELDS: ReadonlySet<FieldCode> = new Set<FieldCode>([
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I1', 'N', 'O', 'Q', 'R',
]);

/** The three positional fiscal-space blocks: first, second and third space. */
export const FISCAL_BLOCKS = ['I', 'J', 'K'] as const;
export type FiscalBlock = (typeof FISCAL_BLOCKS)[number];

export const REGION_FIELDS: ReadonlySet<FieldCode> = new Set<FieldCode>(['I1', 'J1', 'K1']);

/** Lengths the table gives per field; the rest are regions (5) or amounts (16). */
// prettier-ignore
const FIXED_LENGTHS: Partial<Record<FieldCode, number>> = {
  A: 9, B: 30, C: 12, D: 2, E: 1, F: 8, G: 60, H: 70, Q: 4, R: 4, S: 65,
};

const MAX_LENGTHS: ReadonlyMap<FieldCode, number> = new Map(
  FIELD_CODES.map((code) => [code, FIXED_LENGTHS[code] ?? (REGION_FIELDS.has(code) ? 5 : 16)]),
);

export function maxLength(code: FieldCode): number {
  return MAX_LENGTHS.get(code) ?? 0;
}

/** Every amount field: the block slots 2–8 plus L, M, N, O, P. */
export const MONEY_FIELDS: ReadonlySet<FieldCode> = new Set<FieldCode>(
  FIELD_CODES.filter((code) => /^[IJK][2-8]$/.test(code) || 'LMNOP'.includes(code)),
);

export function isMoneyField(code: FieldCode): boolean {
  return MONEY_FIELDS.has(code);
}
