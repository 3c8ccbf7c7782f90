// The I, J and K blocks are positional (first, second, third fiscal space),
// not fixed to mainland/Azores/Madeira: the region is the VALUE of x1
// (v1.1 examples have I1:FR, I1:PT-MA, I1:PT-AC). A tax amount may come
// without its base (example 5.6: I1:PT-MA*I6:26.50), so no pairs are required.
import { NO_VAT_REGION } from './code-lists.ts';
import { FISCAL_BLOCKS, type FieldCode, type FiscalBlock } from './fields.ts';
import { makeIssue } from './issues.ts';
import type { AtQrIssue, AtQrTaxRegion } from './types.ts';

const SLOTS = ['2', '3', '4', '5', '6', '7', '8'] as const;

function code(block: FiscalBlock, slot: '1' | (typeof SLOTS)[number]): FieldCode {
  return `${block}${slot}`;
}

/** Field codes of each block, computed once (this runs on every parse). */
const BLOCKS = FISCAL_BLOCKS.map((block) => ({
  region: code(block, '1'),
  amounts: SLOTS.map((slot) => code(block, slot)),
  exempt: code(block, '2'),
  reduced: [code(block, '3'), code(block, '4')] as const,
  intermediate: [code(block, '5'), code(block, '6')] as const,
  normal: [code(block, '7'), code(block, '8')] as const,
}));

export function readTaxRegions(
  fields: ReadonlyMap<FieldCode, string>,
  amounts: ReadonlyMap<FieldCode, number>,
  seen: ReadonlySet<FieldCode>,
  issues: AtQrIssue[],
): AtQrTaxRegion[] {
  const cents = (field: FieldCode) => amounts.get(field) ?? null;
  const band = ([base, vat]: readonly [FieldCode, FieldCode]) => ({
    base: cents(base),
    vat: cents(vat),
  });
  const regions: AtQrTaxRegion[] = [];
  for (const block of BLOCKS) {
    if (!seen.has(block.region)) {
      const orphan = block.amounts.find((field) => seen.has(field));
      if (orphan) issues.push(makeIssue('FISCAL_SPACE_WITHOUT_REGION', { field: orphan }));
      continue;
    }
    const region = fields.get(block.region);
    if (region === undefined) continue; // its value was unusable, already reported
    regions.push({
      region,
      exempt: cents(block.exempt),
      reduced: band(block.reduced),
      intermediate: band(block.intermediate),
      normal: band(block.normal),
    });
  }
  checkLayout(fields, seen, issues);
  return regions;
}

function checkLayout(
  fields: ReadonlyMap<FieldCode, string>,
  seen: ReadonlySet<FieldCode>,
  issues: AtQrIssue[],
): void {
  const [hasI, hasJ, hasK] = [seen.has('I1'), seen.has('J1'), seen.has('K1')];
  if (!hasI && !hasJ && !hasK) {
    issues.push(makeIssue('NO_FISCAL_SPACE'));
    return;
  }
  // Tolerated: an Odoo version emits only J1:PT-AC… or K1:PT-MA… for island companies.
  if (!hasI) issues.push(makeIssue('ISLAND_ONLY_FISCAL_SPACE', { field: hasJ ? 'J1' : 'K1' }));
  if (hasI && hasK && !hasJ) issues.push(makeIssue('FISCAL_SPACE_GAP', { field: 'K1' }));
  // I1:0 is the "no VAT at all" marker (spec §3 h, example 4), so nothing else should follow it.
  if (fields.get('I1') === NO_VAT_REGION) {
    const others = [...seen].some((c) => /^[IJK]\d$/.test(c) && c !== 'I1');
    if (others) issues.push(makeIssue('NO_VAT_REGION_WITH_AMOUNTS', { field: 'I1' }));
  }
}
