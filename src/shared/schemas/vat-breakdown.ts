// The VAT breakdown an invoice read from an AT QR code carries (issue 16 point 3, ADR 019): one
// line per fiscal region × rate band. The invoice schema checks it against the invoice's VAT.
import { z } from 'zod';
import { VAT_RATE_BANDS, VAT_REGIONS } from '#shared/vat-breakdown.ts';

export const VAT_BREAKDOWN_MESSAGES = {
  line: 'Discriminação do IVA inválida',
  exemptWithVat: 'Uma base isenta não pode ter IVA',
  repeated: 'A discriminação do IVA repete a mesma região e taxa',
  sumMismatch: 'A soma do IVA por taxa não corresponde ao IVA da fatura',
  notFromQr: 'A discriminação do IVA só pode vir do código QR da fatura',
} as const;

/** Every region × band at most once: 12 lines. */
export const MAX_VAT_LINES = VAT_REGIONS.length * VAT_RATE_BANDS.length;

/** Amounts as on the invoice: whole cents, up to 99 999 999,99 €. */
const lineCents = z
  .number({ error: VAT_BREAKDOWN_MESSAGES.line })
  .int({ error: VAT_BREAKDOWN_MESSAGES.line })
  .min(0, VAT_BREAKDOWN_MESSAGES.line)
  .max(9_999_999_999, VAT_BREAKDOWN_MESSAGES.line);

export const vatLineSchema = z
  .object({
    region: z.enum(VAT_REGIONS, { error: VAT_BREAKDOWN_MESSAGES.line }),
    rateBand: z.enum(VAT_RATE_BANDS, { error: VAT_BREAKDOWN_MESSAGES.line }),
    baseCents: lineCents,
    vatCents: lineCents,
  })
  .refine((line) => line.rateBand !== 'exempt' || line.vatCents === 0, {
    path: ['vatCents'],
    message: VAT_BREAKDOWN_MESSAGES.exemptWithVat,
  });

/** An empty list is a breakdown too: a document without VAT (the QR's I1:0). */
export const vatBreakdownSchema = z
  .array(vatLineSchema, { error: VAT_BREAKDOWN_MESSAGES.line })
  .max(MAX_VAT_LINES, VAT_BREAKDOWN_MESSAGES.line)
  .refine(
    (lines) => new Set(lines.map((l) => `${l.region}|${l.rateBand}`)).size === lines.length,
    VAT_BREAKDOWN_MESSAGES.repeated,
  );
export type VatBreakdownInput = z.input<typeof vatBreakdownSchema>;
