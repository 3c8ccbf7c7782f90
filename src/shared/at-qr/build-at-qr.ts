// Builds the canonical, strict payload: fields in the specification's order,
// amounts with exactly two decimals, optional fields omitted when absent
// (spec §3 f: "an optional field with no information must not be created").
import { formatCents } from './amount.ts';
import { FISCAL_BLOCKS } from './fields.ts';
import type { AtQrBuildInput } from './types.ts';

/**
 * Throws a RangeError for data no QR can carry: more than three fiscal spaces,
 * an amount that is not a non-negative integer of cents, a date not YYYY-MM-DD.
 */
export function buildAtQr(data: AtQrBuildInput): string {
  if (data.taxRegions.length > FISCAL_BLOCKS.length) {
    throw new RangeError(`An AT QR holds at most 3 fiscal spaces, got ${data.taxRegions.length}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data.issueDate)) {
    throw new RangeError(`issueDate must be YYYY-MM-DD, got ${data.issueDate}`);
  }
  const parts: string[] = [];
  const text = (code: string, value: string | null) => {
    if (value !== null) parts.push(`${code}:${value}`);
  };
  const money = (code: string, cents: number | null) =>
    text(code, cents === null ? null : formatCents(cents));

  text('A', data.issuerNif);
  text('B', data.buyerNif);
  text('C', data.buyerCountry);
  text('D', data.documentType);
  text('E', data.documentStatus);
  text('F', data.issueDate.replaceAll('-', ''));
  text('G', data.documentNumber);
  text('H', data.atcud);
  data.taxRegions.forEach((region, index) => {
    const block = FISCAL_BLOCKS[index] ?? 'I';
    text(`${block}1`, region.region);
    money(`${block}2`, region.exempt);
    money(`${block}3`, region.reduced.base);
    money(`${block}4`, region.reduced.vat);
    money(`${block}5`, region.intermediate.base);
    money(`${block}6`, region.intermediate.vat);
    money(`${block}7`, region.normal.base);
    money(`${block}8`, region.normal.vat);
  });
  money('L', data.notSubject);
  money('M', data.stampDuty);
  money('N', data.totalTaxes);
  money('O', data.grossTotal);
  money('P', data.withholding);
  text('Q', data.hash);
  text('R', data.certificate);
  text('S', data.otherInfo);
  return parts.join('*');
}
