// The issue date in the shapes receipts and invoices without a QR print it (issue 14),
// chosen over the due date and the print date, and impossible dates refused.
import { describe, expect, test } from 'vitest';
import { findIssueDate } from './find-date.ts';
import { CONFIDENCE_THRESHOLD } from './found.ts';
import { toLines } from './text-lines.ts';

const find = (text: string) => findIssueDate(toLines(text));

describe('issue date shapes', () => {
  test.each([
    ['Data: 04-09-2021', '2021-09-04'],
    ['Data: 04/09/2021', '2021-09-04'],
    ['Data: 04/09/21', '2021-09-04'],
    ['Data: 04.09.2021', '2021-09-04'],
    ['Data: 2021-09-04', '2021-09-04'],
    ['Data: 2021/09/04', '2021-09-04'],
    ['Data: 4/9/2021', '2021-09-04'],
    ['Data: 4 de Setembro de 2021', '2021-09-04'],
    ['Data: 04 Set 2021', '2021-09-04'],
    ['Data: 04 SET. 2021', '2021-09-04'],
    ['Data: 4-Set-2021', '2021-09-04'],
    ['Data de emissão: 12/03/2021', '2021-03-12'],
    ['Data Doc.: 12/03/2021', '2021-03-12'],
    ['Data Doc. 12-03-2021', '2021-03-12'],
    ['Data/Hora: 12/03/2021 14:35', '2021-03-12'],
    ['Data: 12/03/2021 Hora: 14:35', '2021-03-12'],
    ['DATA: 12.O3.2O21', '2021-03-12'],
  ])('%j → %s, with high confidence', (line, date) => {
    const found = find(`Padaria Lusitana\n${line}`);
    expect(found?.value).toBe(date);
    expect(found?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test.each([
    ['12/03/2021 14:35', '2021-03-12'],
    ['12-03-2021 14:35:10 Op. 3', '2021-03-12'],
    ['04 Set 2021 - 14h35', '2021-09-04'],
  ])('a date beside a time, %j, is read without a label', (line, date) => {
    expect(find(`Padaria Lusitana\n${line}`)?.value).toBe(date);
  });

  test('a date beside a time wins over another unlabelled date', () => {
    const text = 'Padaria Lusitana\nValidade da promoção 30/04/2021\nOp. 3 12/03/2021 14:35';
    expect(find(text)?.value).toBe('2021-03-12');
  });

  test('without a label a date stays a guess for the person to confirm', () => {
    expect(find('Padaria Lusitana\n12/03/2021 14:35')?.confidence).toBeLessThan(
      CONFIDENCE_THRESHOLD,
    );
    expect(find('Lisboa, 4 de Setembro de 2021')?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });
});

describe('which date is the issue date', () => {
  test.each([
    ['Vencimento: 30/03/2021\nData: 12/03/2021'],
    ['Data: 12/03/2021\nVencimento: 30/03/2021'],
    ['Data de vencimento: 30/03/2021\nData de emissão: 12/03/2021'],
    ['Data de emissão 12/03/2021   Data de vencimento 30/03/2021'],
    ['Data limite de pagamento 30/03/2021\nData Doc. 12/03/2021'],
    ['Impresso em 15/03/2021 10:00\nData Doc. 12/03/2021'],
    ['Data de impressão: 15/03/2021\nData: 12/03/2021'],
    ['Processado por computador em 15/03/2021\n12/03/2021 14:35'],
  ])('%j → the document date', (text) => {
    expect(find(text)?.value).toBe('2021-03-12');
  });

  test('only a due date gives no issue date', () => {
    expect(find('Data de vencimento: 30/03/2021')).toBeUndefined();
    expect(find('Vencimento 30/03/2021')).toBeUndefined();
  });

  test('only a print date is a last resort, well below the review threshold', () => {
    const found = find('Padaria Lusitana\nImpresso em 15/03/2021 10:00');
    expect(found?.value).toBe('2021-03-15');
    expect(found?.confidence).toBeLessThan(0.5);
  });

  test('two different dates with the same label are ambiguous', () => {
    expect(find('Data: 12/03/2021\nData: 13/03/2021')?.confidence).toBeLessThan(
      CONFIDENCE_THRESHOLD,
    );
  });
});

describe('impossible dates', () => {
  test.each([
    'Data: 30/02/2021',
    'Data: 29/02/2021',
    'Data: 32/01/2021',
    'Data: 12/13/2021',
    'Data: 00/03/2021',
    'Data: 2021-02-30',
    'Data: 31 de Abril de 2021',
    'Data: 12/03/1899',
  ])('%j is refused', (line) => {
    expect(find(line)).toBeUndefined();
  });

  test('a leap day is a date', () => {
    expect(find('Data: 29/02/2024')?.value).toBe('2024-02-29');
  });
});
