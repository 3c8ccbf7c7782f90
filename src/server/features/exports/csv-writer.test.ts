import fc from 'fast-check';
import { expect, test } from 'vitest';
import { centsToDecimalString, parseEuros } from '#shared/money.ts';
import type { ExportRow } from './export-rows.ts';
import { csvDate, csvHeader, csvLine, csvText, INTERNATIONAL_CSV } from './csv-writer.ts';
import { attachmentHeader, exportFileName, slugOf } from './export-file-name.ts';
import { parseCsv } from './export-test-helpers.ts';

const row: ExportRow = {
  issueDate: '2026-03-05',
  dueDate: '2026-04-04',
  documentType: 'Nota de Crédito',
  number: 'NC 2026/7',
  atcud: 'ABCD1234-7',
  supplierName: 'Café "Central"; Lda',
  supplierNif: '500000000',
  category: 'Restaurantes e Cafeterias',
  status: 'Paga',
  paymentMethod: 'Cartão',
  baseCents: -1_000_000,
  vatCents: -230_000,
  totalCents: -1_230_000,
  notes: 'duas\nlinhas',
};

test('a line has the fields in order, `;` between them, decimal commas without grouping and CRLF', () => {
  expect(csvLine(row)).toBe(
    '05/03/2026;04/04/2026;Nota de Crédito;NC 2026/7;ABCD1234-7;"Café ""Central""; Lda";500000000;Restaurantes e Cafeterias;Paga;Cartão;-10000,00;-2300,00;-12300,00;"duas\nlinhas"\r\n',
  );
});

test('the header starts with the UTF-8 BOM', () => {
  expect(csvHeader().startsWith('\uFEFFData de emissão;Data de vencimento;')).toBe(true);
  expect(csvHeader().endsWith(';Observações\r\n')).toBe(true);
});

test('the feed’s international dialect: `,` between fields, decimal points, ISO dates, no BOM', () => {
  expect(csvLine(row, INTERNATIONAL_CSV)).toBe(
    '2026-03-05,2026-04-04,Nota de Crédito,NC 2026/7,ABCD1234-7,"Café ""Central""; Lda",500000000,Restaurantes e Cafeterias,Paga,Cartão,-10000.00,-2300.00,-12300.00,"duas\nlinhas"\r\n',
  );
  expect(csvHeader(INTERNATIONAL_CSV).startsWith('Data de emissão,Data de vencimento,')).toBe(true);
  expect(csvText('Padaria Central, Lda', INTERNATIONAL_CSV)).toBe('"Padaria Central, Lda"');
  expect(csvText('a;b', INTERNATIONAL_CSV)).toBe('a;b');
});

test('a field is quoted only when it holds a separator, a quote or a line break', () => {
  expect(csvText('Padaria Central, Lda')).toBe('Padaria Central, Lda');
  expect(csvText('a;b')).toBe('"a;b"');
  expect(csvText('diz "olá"')).toBe('"diz ""olá"""');
  expect(csvText('a\r\nb')).toBe('"a\r\nb"');
});

test('a text a spreadsheet would run as a formula gets a leading apostrophe', () => {
  for (const value of ['=1+1', '+351', '-2', '@SUM(A1)', '\tx']) {
    expect(csvText(value).startsWith("'") || csvText(value).startsWith(`"'`)).toBe(true);
  }
  expect(csvText('=A1;B1')).toBe(`"'=A1;B1"`);
});

test('dates are dd/mm/yyyy', () => {
  expect(csvDate('2026-11-25')).toBe('25/11/2026');
});

test('any text survives the round trip through a CSV reader', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), (text) => {
      // In a line of two fields, as every exported line has fourteen: a line holding one blank
      // field is a blank line, which the reader skips by design (#shared/csv-records.ts).
      const parsed = parseCsv(`${csvText(text)};fim\r\n`)[0]?.[0] ?? '';
      const expected = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      expect(parsed).toBe(expected);
    }),
  );
});

test('amounts read back to the same cents', () => {
  fc.assert(
    fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (cents) => {
      const text = centsToDecimalString(cents, ',');
      expect(text).toMatch(/^-?\d+,\d{2}$/);
      expect(parseEuros(text)).toBe(cents);
    }),
  );
});

test('file names are pt-PT and plain ASCII', () => {
  const today = '2026-11-25';
  expect(exportFileName({ format: 'xlsx', period: 'thisMonth', today })).toBe(
    'faturas-2026-11.xlsx',
  );
  expect(exportFileName({ format: 'csv', period: 'all', today })).toBe('faturas-2026-11-25.csv');
  expect(exportFileName({ format: 'csv', period: 'last30days', today, isUrgent: true })).toBe(
    'faturas-ultimos-30-dias-urgentes-2026-11-25.csv',
  );
  expect(exportFileName({ format: 'xlsx', period: 'previousMonths', today })).toBe(
    'faturas-meses-anteriores-2026-11-25.xlsx',
  );
  expect(
    exportFileName({ format: 'xlsx', period: 'all', today, supplier: 'Pão & Companhia, Lda.' }),
  ).toBe('faturas-pao-companhia-lda-2026-11-25.xlsx');
  expect(slugOf('«»')).toBe('');
  expect(attachmentHeader('faturas-2026-11.xlsx')).toBe(
    `attachment; filename="faturas-2026-11.xlsx"; filename*=UTF-8''faturas-2026-11.xlsx`,
  );
});
