// The total in the shapes receipts and invoices without a QR print it (issue 14): the total
// labels, the euro sign on either side, thousands separators, the largest of several, and
// the amounts that are not the total (subtotal, VAT, change, cash handed over, card paid).
import { describe, expect, test } from 'vitest';
import { findAmounts } from './find-amounts.ts';
import { CONFIDENCE_THRESHOLD } from './found.ts';
import { toLines } from './text-lines.ts';

const total = (text: string) => findAmounts(toLines(text)).total;

describe('total labels and amount forms', () => {
  test.each([
    ['Total 12,34', 1234],
    ['TOTAL 12,34', 1234],
    ['TOTAL A PAGAR 12,34', 1234],
    ['Total EUR 12,34', 1234],
    ['Total (EUR) 12,34', 1234],
    ['Total (EUR): 12,34', 1234],
    ['Valor a pagar: 12,34', 1234],
    ['Valor Total: 12,34', 1234],
    ['Total documento 12,34', 1234],
    ['Total do documento: 12,34', 1234],
    ['TOTAL € 12,34', 1234],
    ['TOTAL €12,34', 1234],
    ['TOTAL 12,34 €', 1234],
    ['TOTAL 12,34€', 1234],
    ['TOTAL: EUR 12,34', 1234],
    ['TOTAL 12,34 EUR', 1234],
    ['Total 12.34', 1234],
    ['T0TAL 12,34', 1234],
    ['TOTAL 1.234,56', 123456],
    ['TOTAL 1 234,56', 123456],
    ['Total (EUR) 1 234,56 €', 123456],
    ['TOTAL 1,234.56', 123456],
    ['Total a pagar: € 12 345 678,90', 1234567890],
    ['Total a pagar\n1.234,56 €', 123456],
    ['Total Ilíquido: 10,00 Total: 12,30', 1230],
  ])('%j → %i cents, with high confidence', (line, cents) => {
    const found = total(`Padaria Lusitana\n${line}`);
    expect(found?.value).toBe(cents);
    expect(found?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test('a space groups thousands only right after the label', () => {
    // An item row: a quantity, then a price.
    expect(total('Filtro de óleo 1 135,00\nTotal 135,00')?.value).toBe(13500);
    expect(total('Total 3 artigos 1 135,00')?.value).toBe(13500);
  });
});

describe('what is not the total', () => {
  test.each([
    ['Subtotal 10,00\nTotal 12,30'],
    ['Sub-total 10,00\nTotal 12,30'],
    ['Total IVA 2,30\nTotal 12,30'],
    ['Total s/ IVA 10,00\nTotal 12,30'],
    ['Total sem IVA 10,00\nTotal 12,30'],
    ['Total Ilíquido 10,00\nTotal 12,30'],
    ['Total de itens: 3,00\nTotal 12,30'],
    ['Total itens 3\nTotal 12,30'],
    ['Total 12,30\nEntregue 20,00\nTroco 7,70'],
    ['TOTAL 12,30\nNumerário 50,00\nTroco 37,70'],
    ['Total 12,30\nTotal pago 20,00'],
    ['TOTAL 12,30\nMultibanco 12,30'],
    ['Total 12,30\nTotal Multibanco 12,30\nEntregue 50,00'],
    ['Total Poupança 25,00\nTotal 12,30'],
  ])('%j → 12,30', (text) => {
    expect(total(`Padaria Lusitana\n${text}`)?.value).toBe(1230);
  });

  test('of several totals the largest is the document total, and less sure', () => {
    const found = total('Padaria Lusitana\nTotal 10,00\nDesconto 1,00\nTotal 12,30');
    expect(found?.value).toBe(1230);
    expect(found?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });

  test('a strong label wins over a plain one', () => {
    expect(total('Total 100,00\nTotal a pagar 12,30')?.value).toBe(1230);
  });

  test('the amount paid by card agreeing with the total makes it surer', () => {
    const alone = total('Padaria Lusitana\nTOTAL 12,30')!;
    const paid = total('Padaria Lusitana\nTOTAL 12,30\nMultibanco 12,30')!;
    expect(paid.value).toBe(alone.value);
    expect(paid.confidence).toBeGreaterThan(alone.confidence);
  });
});

describe('without a total label', () => {
  test('the amount paid by card stands in, as a guess', () => {
    const found = total('Padaria Lusitana\nPão 1,20\nMultibanco 3,20');
    expect(found?.value).toBe(320);
    expect(found?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });

  test('cash handed over less the change stands in, as a guess', () => {
    const found = total('Padaria Lusitana\nPão 1,20\nEntregue 5,00\nTroco 1,80');
    expect(found?.value).toBe(320);
    expect(found?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });

  test('cash handed over alone is not the total', () => {
    expect(total('Padaria Lusitana\nPão 1,20\nEntregue 5,00')).toBeUndefined();
  });
});
