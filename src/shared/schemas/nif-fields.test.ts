// Issue 13 point 6: a NIF with a wrong check digit is refused wherever a NIF is typed — sign-up,
// profile, invoice issuer and buyer, supplier — each with the same message. One row per field;
// a field added with a format-only NIF schema has to be added here and fails.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { computeNifCheckDigit, isValidNif } from '#shared/nif.ts';
import { AUTH_MESSAGES, signUpSchema } from './auth.ts';
import { createInvoiceSchema } from './invoice.ts';
import { updateProfileSchema } from './profile.ts';
import { supplierInputSchema } from './supplier.ts';

const goodNif = '501964843';
const badNif = '501964840';

const signUp = {
  accountType: 'particular',
  email: 'nif@exemplo.pt',
  password: 'segredo123',
  confirmPassword: 'segredo123',
  fullName: 'Ana Lopes',
  acceptTerms: true,
};
const companySignUp = { ...signUp, accountType: 'empresa', companyName: 'Lopes, Lda' };
const invoice = {
  supplierNif: goodNif,
  supplierName: 'Padaria Central, Lda',
  number: 'FT 2026/1',
  issueDate: '2026-01-10',
  dueDate: '2026-02-10',
  totalCents: 12_300,
  vatCents: 2_300,
};
const supplier = { name: 'Padaria Central, Lda', nif: goodNif };

type Row = { field: string; schema: z.ZodType; base: Record<string, unknown>; key: string };
const ROWS: Row[] = [
  { field: 'sign-up, NIF particular', schema: signUpSchema, base: signUp, key: 'personalNif' },
  { field: 'sign-up, NIF empresa', schema: signUpSchema, base: companySignUp, key: 'companyNif' },
  { field: 'perfil, NIF particular', schema: updateProfileSchema, base: {}, key: 'personalNif' },
  { field: 'perfil, NIF empresa', schema: updateProfileSchema, base: {}, key: 'companyNif' },
  {
    field: 'fatura, NIF do emitente',
    schema: createInvoiceSchema,
    base: invoice,
    key: 'supplierNif',
  },
  {
    field: 'fatura, NIF do adquirente',
    schema: createInvoiceSchema,
    base: invoice,
    key: 'buyerNif',
  },
  { field: 'fornecedor, NIF', schema: supplierInputSchema, base: supplier, key: 'nif' },
];

function issuesAt(row: Row, nif: string): string[] {
  const result = row.schema.safeParse({ ...row.base, [row.key]: nif });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path[0] === row.key)
    .map((issue) => issue.message);
}

describe('every NIF field refuses a wrong check digit', () => {
  test('the fixtures: one NIF right, the other differing only in its check digit', () => {
    expect(isValidNif(goodNif)).toBe(true);
    expect(isValidNif(badNif)).toBe(false);
  });

  test.each(ROWS)('$field', (row) => {
    expect(issuesAt(row, goodNif)).toEqual([]);
    expect(issuesAt(row, badNif)).toEqual([AUTH_MESSAGES.nifInvalid]);
    // As typed with spaces or dots it is the same NIF.
    expect(issuesAt(row, '501 964 840')).toEqual([AUTH_MESSAGES.nifInvalid]);
  });

  test.each(ROWS)('$field: any wrong check digit (property)', (row) => {
    const firstEight = fc
      .integer({ min: 10_000_000, max: 99_999_999 })
      .map((n) => String(n))
      .filter((s) => /^[1235689]/.test(s));
    fc.assert(
      fc.property(firstEight, fc.integer({ min: 0, max: 9 }), (eight, digit) => {
        const nif = `${eight}${digit}`;
        const isRight = digit === computeNifCheckDigit(eight);
        expect(issuesAt(row, nif).length === 0).toBe(isRight && isValidNif(nif));
      }),
      { numRuns: 50 },
    );
  });
});
