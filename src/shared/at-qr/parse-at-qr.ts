// Parser and validator of the AT invoice QR code (Portaria 195/2020, AT
// technical specification v1.0/v1.1), following research/pt-qr-spec.md §1.7:
// structure, then per-field rules, then fiscal spaces, then cross-checks.
// Never throws: every problem is an issue, and any error makes the result not ok.
import { parseAmount } from './amount.ts';
import { checkAtcudNumber, checkTotals, sumVat } from './cross-checks.ts';
import { isMoneyField, MANDATORY_FIELDS, type FieldCode } from './fields.ts';
import { readTaxRegions } from './fiscal-spaces.ts';
import { hasError, makeIssue } from './issues.ts';
import { decodeUrlEncoding, splitPayload } from './split-payload.ts';
import type { AtQrData, AtQrIssue, AtQrResult, AtQrTaxRegion } from './types.ts';
import { validateField } from './validate-field.ts';

const AT_QR_START = /^A:\d/;

export function parseAtQr(raw: string): AtQrResult {
  const input = raw.trim();
  const decoded = decodeUrlEncoding(input);
  const payload = decoded ?? input;
  if (!AT_QR_START.test(payload)) return { ok: false, issues: [makeIssue('NOT_AT_QR')] };

  const issues: AtQrIssue[] = decoded === null ? [] : [makeIssue('URL_ENCODED')];
  const { fields, seen } = splitPayload(payload, issues);
  for (const field of MANDATORY_FIELDS) {
    // A missing I1 is judged with the other fiscal spaces (island-only documents).
    if (field !== 'I1' && !seen.has(field)) issues.push(makeIssue('MISSING_FIELD', { field }));
  }

  const amounts = new Map<FieldCode, number>();
  const context = { buyerCountry: fields.get('C') };
  for (const [field, value] of fields) {
    if (isMoneyField(field)) {
      const reading = parseAmount(field, value);
      issues.push(...reading.issues);
      if (reading.cents !== null) amounts.set(field, reading.cents);
    } else {
      const issue = validateField(field, value, context);
      if (issue) issues.push(issue);
    }
  }
  const taxRegions = readTaxRegions(fields, amounts, seen, issues);
  if (hasError(issues)) return { ok: false, issues };

  const data = assemble(fields, amounts, taxRegions, input);
  issues.push(...checkTotals(data), ...checkAtcudNumber(data.documentNumber, data.atcud));
  return { ok: true, data, strict: issues.length === 0, issues };
}

/** Only called when no error was raised, so every mandatory field holds a valid value. */
function assemble(
  fields: ReadonlyMap<FieldCode, string>,
  amounts: ReadonlyMap<FieldCode, number>,
  taxRegions: AtQrTaxRegion[],
  raw: string,
): AtQrData {
  const text = (field: FieldCode) => fields.get(field) ?? '';
  const optionalText = (field: FieldCode) => fields.get(field) ?? null;
  const cents = (field: FieldCode) => amounts.get(field) ?? null;
  const date = text('F');
  const grossTotal = cents('O') ?? 0;
  return {
    issuerNif: text('A'),
    buyerNif: text('B'),
    buyerCountry: text('C'),
    documentType: text('D'),
    documentStatus: text('E'),
    issueDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    documentNumber: text('G'),
    atcud: text('H'),
    taxRegions,
    notSubject: cents('L'),
    stampDuty: cents('M'),
    totalTaxes: cents('N') ?? 0,
    grossTotal,
    withholding: cents('P'),
    hash: text('Q'),
    certificate: text('R'),
    otherInfo: optionalText('S'),
    raw,
    total: grossTotal,
    vat: sumVat(taxRegions),
  };
}
