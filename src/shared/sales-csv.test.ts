import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatCents } from './money.ts';
import { parseCsvDate, parseSalesCsv, salesCsvRefusal, SALES_CSV_MESSAGES } from './sales-csv.ts';

const today = '2025-06-15';
const parse = (text: string) => parseSalesCsv(text, { today });

test('dates are read day-first with slashes or ISO, within 2000–2100, and nothing else', () => {
  expect(parseCsvDate('05/03/2025')).toBe('2025-03-05');
  expect(parseCsvDate('5/3/2025')).toBe('2025-03-05');
  expect(parseCsvDate('2025-03-05')).toBe('2025-03-05');
  for (const bad of [
    '2025/03/05',
    '03-05-2025',
    '29/02/2025',
    '05/03/25',
    '01/01/1999',
    'ontem',
    '',
  ]) {
    expect(parseCsvDate(bad), bad).toBeNull();
  }
  expect(parseCsvDate('29/02/2024')).toBe('2024-02-29');
});

test('a file with a header, a BOM, CRLF, quotes, padding cells and a missing VAT is read', () => {
  const result = parse(
    '\uFEFF"Data";"Valor";"IVA"\r\n01/06/2025;"1.234,56";142,30;;\r\n2025-06-02;99;\r\n',
  );
  expect(result).toEqual({
    ok: true,
    rows: [
      { line: 2, date: '2025-06-01', salesValueCents: 123_456, vatCollectedCents: 14_230 },
      { line: 3, date: '2025-06-02', salesValueCents: 9_900, vatCollectedCents: 0 },
    ],
  });
});

test('amounts follow pt-PT: "1.234" is a thousand and more, "12.5" and "12,5" twelve and a half', () => {
  const result = parse(
    '01/06/2025;1.234;0\n02/06/2025;12.5;0\n03/06/2025;12,5;0\n04/06/2025;1 234,5 €;0',
  );
  expect(result.ok && result.rows.map((r) => r.salesValueCents)).toEqual([
    123_400, 1_250, 1_250, 123_450,
  ]);
});

test('a header is only the first line: words later on are bad cells', () => {
  const result = parse('01/06/2025;1,00;0\nData;Valor;IVA');
  expect(result).toEqual({
    ok: false,
    errors: [
      { line: 2, message: SALES_CSV_MESSAGES.date(2, 'Data') },
      { line: 2, message: SALES_CSV_MESSAGES.value(2, 'Valor') },
      { line: 2, message: SALES_CSV_MESSAGES.vat(2, 'IVA') },
    ],
  });
});

test('negative amounts, three decimals, too many columns and long cells are named by line', () => {
  const long = '9'.repeat(40);
  const result = parse(
    `01/06/2025;-5,00;0\n02/06/2025;1,234;0\n03/06/2025;1;0;7\n04/06/2025;${long};0`,
  );
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.errors.map((e) => e.message)).toEqual([
    'Linha 1: valor inválido «-5,00». Use o formato 1.234,56.',
    'Linha 2: valor inválido «1,234». Use o formato 1.234,56.',
    'Linha 3: são esperadas as colunas data;valor;IVA separadas por «;».',
    `Linha 4: valor inválido «${'9'.repeat(30)}…». Use o formato 1.234,56.`,
  ]);
  expect(salesCsvRefusal(result.errors)).toBe(
    'O ficheiro não foi importado. Linha 1: valor inválido «-5,00». Use o formato 1.234,56. (e mais 3 erros)',
  );
});

test('tomorrow may be imported (a clock a little ahead), the day after may not', () => {
  expect(parse('16/06/2025;1,00;0').ok).toBe(true);
  expect(parse('17/06/2025;1,00;0')).toEqual({
    ok: false,
    errors: [{ line: 1, message: 'Linha 1: a data 17/06/2025 é futura.' }],
  });
});

test('more than 400 days is refused as a whole', () => {
  const lines = Array.from({ length: 401 }, (_, i) => {
    const date = new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10);
    return `${date};1,00;0`;
  });
  expect(parse(lines.join('\n'))).toEqual({
    ok: false,
    errors: [{ line: 0, message: SALES_CSV_MESSAGES.tooMany }],
  });
});

test('any amount written the pt-PT way reads back as the same cents', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
      const written = formatCents(cents).replace(/\s?€$/u, '').replace(/\s/gu, '.');
      const result = parse(`01/06/2025;${written};0`);
      return result.ok && result.rows[0]?.salesValueCents === cents;
    }),
  );
});
