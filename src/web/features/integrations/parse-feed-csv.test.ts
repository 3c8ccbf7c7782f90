import { expect, test } from 'vitest';
import { readCsvRecords } from '#shared/csv-records.ts';
import { parseFeedHead, separatorOf } from './parse-feed-csv.ts';

/** The fields of each record the shared reader finds, as the test page reads them. */
function parseCsvRecords(text: string, separator: string, isEnd: boolean) {
  const read = readCsvRecords(text, separator, { isEnd });
  return read.ok ? read.records.map((record) => record.fields) : null;
}

const SHEETS =
  'Data,Fornecedor,Total (€)\r\n2026-11-25,"Padaria, Lda",12.30\r\n2026-11-24,"Diz ""olá""",-1.05\r\n';
const EXCEL = '\uFEFFData;Fornecedor;Total (€)\r\n25/11/2026;"Café; Bar";12,30\r\n';

test('the separator is the header’s: `,` for Sheets, `;` for Excel', () => {
  expect(separatorOf(SHEETS)).toBe(',');
  expect(separatorOf(EXCEL.slice(1))).toBe(';');
  expect(separatorOf('')).toBe(',');
});

test('the Sheets format reads into headings and rows, quotes undone', () => {
  expect(parseFeedHead(SHEETS, 10, true)).toEqual({
    separator: ',',
    headings: ['Data', 'Fornecedor', 'Total (€)'],
    rows: [
      ['2026-11-25', 'Padaria, Lda', '12.30'],
      ['2026-11-24', 'Diz "olá"', '-1.05'],
    ],
  });
});

test('the Excel format loses its BOM and splits on `;`', () => {
  expect(parseFeedHead(EXCEL, 10, true)).toEqual({
    separator: ';',
    headings: ['Data', 'Fornecedor', 'Total (€)'],
    rows: [['25/11/2026', 'Café; Bar', '12,30']],
  });
});

test('only the first rows are kept, and a record cut off by the read is left out', () => {
  expect(parseFeedHead(SHEETS, 1, true).rows).toEqual([['2026-11-25', 'Padaria, Lda', '12.30']]);
  const cut = `${SHEETS}2026-11-23,"Nota com\r\nduas li`;
  expect(parseFeedHead(cut, 10, false).rows).toHaveLength(2);
  expect(parseCsvRecords('a,"b\r\nc"\r\n', ',', false)).toEqual([['a', 'b\r\nc']]);
  expect(parseCsvRecords('a,b', ',', true)).toEqual([['a', 'b']]);
  expect(parseCsvRecords('a,b', ',', false)).toEqual([]);
});

test('an empty feed has no headings and no rows', () => {
  expect(parseFeedHead('', 10, true)).toEqual({ separator: ',', headings: [], rows: [] });
});
