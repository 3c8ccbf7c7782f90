// The document number in the shapes receipts and invoices without a QR print it (issue 14):
// SAF-T series in their usual forms, a bare number after 'Fatura n.º' or 'Talão n.º', and
// an ATCUD that names the number's sequence.
import { describe, expect, test } from 'vitest';
import { findDocument } from './find-document.ts';
import { CONFIDENCE_THRESHOLD } from './found.ts';
import { toLines } from './text-lines.ts';

const find = (text: string) => findDocument(toLines(text));

describe('SAF-T numbers', () => {
  test.each([
    ['FT 2021/123', 'FT 2021/123'],
    ['FT A/123', 'FT A/123'],
    ['FS 001/12345', 'FS 001/12345'],
    ['FR FR2021/45', 'FR FR2021/45'],
    ['FT.2021.123', 'FT 2021/123'],
    ['FS.A.77', 'FS A/77'],
    ['FS 3A2101/000123', 'FS 3A2101/000123'],
    ['NC 2021/3', 'NC 2021/3'],
    ['ND A/3', 'ND A/3'],
    ['RC 2021/88', 'RC 2021/88'],
    ['FA 2021/88', 'FA 2021/88'],
    ['FT 2021 / 123', 'FT 2021/123'],
    ['FS 2O21A/l23', 'FS 2021A/123'],
  ])('%j → %s', (printed, number) => {
    expect(find(`Padaria Lusitana\n${printed}`).documentNumber?.value).toBe(number);
  });

  test.each([
    ['Fatura n.º FT 2021/123', 'FT 2021/123'],
    ['Fatura Simplificada FS 001/12345', 'FS 001/12345'],
    ['Fatura-Recibo FR FR2021/45', 'FR FR2021/45'],
    ['Doc. n.º FS 12/345', 'FS 12/345'],
    ['Nº Doc: FT 12/345', 'FT 12/345'],
    ['Nota de Crédito NC 2021/3', 'NC 2021/3'],
  ])('labelled, %j is sure', (printed, number) => {
    const found = find(`Padaria Lusitana\n${printed}`).documentNumber;
    expect(found?.value).toBe(number);
    expect(found?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test('a known code alone is read, but as a guess to confirm', () => {
    const found = find('Padaria Lusitana\nFT 2021/123').documentNumber;
    expect(found?.value).toBe('FT 2021/123');
    expect(found?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });

  test('an amount or a dotted date is not a dotted number', () => {
    expect(find('Total 1.234,56\nData 12.03.2021').documentNumber).toBeUndefined();
  });
});

describe('bare numbers after their label', () => {
  test.each([
    ['Fatura Simplificada n.º 123', '123'],
    ['Fatura n.º 456', '456'],
    ['Fatura Nº 2021/456', '2021/456'],
    ['Factura nr. 88', '88'],
    ['Talão n.º 789', '789'],
    ['TALAO Nº 000789', '000789'],
    ['Recibo n.º 45', '45'],
    ['Venda a Dinheiro n.º 1204', '1204'],
    ['Doc. n.º 345', '345'],
    ['Nº Doc 345', '345'],
    ['N.º Documento: 345', '345'],
  ])('%j → %s', (printed, number) => {
    expect(find(`Padaria Lusitana\n${printed}\nTotal 3,20`).documentNumber?.value).toBe(number);
  });

  test('other numbers after "n.º" are no document number', () => {
    const text = `Contribuinte n.º 509876544
Cliente n.º 1204
Caixa n.º 3
Processado por programa certificado n.º 0177/AT`;
    expect(find(text).documentNumber).toBeUndefined();
  });

  test('a bare number is less certain than a SAF-T one and is left to confirm', () => {
    const found = find('Padaria Lusitana\nFatura Simplificada n.º 123').documentNumber;
    expect(found?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });

  test('"Fatura n.º 123" beside its SAF-T number is the same number, not a rival', () => {
    const found = find('Fatura n.º 123\nFS A/123').documentNumber;
    expect(found?.value).toBe('FS A/123');
    expect(found?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test('a date after "Documento:" is not a number', () => {
    expect(find('Documento: 12/03/2021').documentNumber).toBeUndefined();
  });
});

describe('numbers the ATCUD vouches for', () => {
  test.each([
    ['ATCUD:JFZ4PTHN-123 FT 2021/123', 'FT 2021/123', 'JFZ4PTHN-123'],
    ['ATCUD: JFZ4PTHN-123\nFS A/123', 'FS A/123', 'JFZ4PTHN-123'],
    ['FS A/123 ATCUD: JFZ4PTHN-0123', 'FS A/123', 'JFZ4PTHN-0123'],
    ['JFZ4PTHN-123 FS A/123', 'FS A/123', 'JFZ4PTHN-123'],
    ['Fatura Simplificada n.º 123\nATCUD: JFZ4PTHN-123', '123', 'JFZ4PTHN-123'],
  ])('%j → %s', (text, number, atcud) => {
    const { documentNumber, atcud: found } = find(text);
    expect(documentNumber?.value).toBe(number);
    expect(documentNumber?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
    expect(found?.value).toBe(atcud);
  });

  test('an unlabelled code-and-sequence that matches no number is not an ATCUD', () => {
    expect(find('Ref. ABCD1234-99\nFT A/123').atcud).toBeUndefined();
  });

  test('the ATCUD picks the document among numbers of the same shape', () => {
    const text = 'FT A/120\nFT A/123\nATCUD: JFZ4PTHN-123';
    expect(find(text).documentNumber?.value).toBe('FT A/123');
  });

  test('two numbers nothing tells apart are ambiguous', () => {
    expect(find('FT A/120\nFT A/123').documentNumber?.confidence).toBeLessThan(
      CONFIDENCE_THRESHOLD,
    );
  });
});

describe('OCR misreads of the code', () => {
  test('a labelled code one letter off the title is read as the title says', () => {
    const found = find('FACTURA\nFactura n.º ET A/891').documentNumber;
    expect(found?.value).toBe('FT A/891');
  });

  test('an unlabelled one, or one two letters off, is left as printed', () => {
    expect(find('FACTURA\nOriginal\nET A/891').documentNumber).toBeUndefined();
    expect(find('FACTURA\nFactura n.º EX A/891').documentNumber?.value).toBe('EX A/891');
  });
});

test('a title word the OCR misread still labels the number after it', () => {
  const found = find('Fatura nmplificada FS 0052/118833').documentNumber;
  expect(found?.value).toBe('FS 0052/118833');
  expect(found?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
});
