import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InvoiceStats } from '#server/features/invoices/invoice-stats.queries.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { INVOICE_HEADINGS } from './exports.messages.ts';
import {
  bytesOf,
  exportAccount,
  openXlsx,
  resultOf,
  rowsOf,
  sheetOf,
  type ExportAccount,
} from './export-test-helpers.ts';
import { DATE_FORMAT, EUR_FORMAT } from './xlsx-writer.ts';

let t: TestApp;
let owner: ExportAccount;
let other: ExportAccount;
const today = todayInLisbon();
const earlier = addDays(startOfMonth(today), -10);
const padariaNif = nextNif();
const cafeNif = nextNif();

beforeAll(async () => {
  t = await createTestApp();
  owner = await exportAccount(t);
  other = await exportAccount(t);
  await insertSupplier(t.db.db, owner.accountId, {
    nif: padariaNif,
    name: 'Padaria Central, Lda',
    category: 'Alimentação e Supermercados',
  });
  const paid = { paymentStatus: 'Paga' as const, isPaid: true, paymentMethod: 'Cartão' as const };
  await insertInvoices(t.db.db, owner.accountId, [
    {
      number: 'FT P/1',
      supplierName: 'Padaria Central, Lda',
      supplierNif: padariaNif,
      issueDate: earlier,
      dueDate: earlier,
      totalCents: 123_456,
      vatCents: 23_085,
      ...paid,
    },
    {
      number: 'NC P/1',
      documentType: 'NC',
      supplierName: 'Padaria Central, Lda',
      supplierNif: padariaNif,
      issueDate: earlier,
      dueDate: earlier,
      totalCents: 10_000,
      vatCents: 1_870,
      ...paid,
    },
    {
      number: 'FT C/7',
      supplierName: 'Café "O Zé"; Lda',
      supplierNif: cafeNif,
      issueDate: today,
      dueDate: addDays(today, 30),
      totalCents: 5_000,
      vatCents: 0,
      notes: 'Entregar ao\nJoão',
    },
    {
      number: 'M-22',
      supplierName: 'Mercado Municipal',
      supplierNif: null,
      atcud: null,
      issueDate: earlier,
      dueDate: addDays(earlier, 5),
      totalCents: 2_000,
      vatCents: 120,
    },
  ]);
  await insertInvoices(t.db.db, other.accountId, [{ number: 'ALHEIA-1', issueDate: today }]);
});

afterAll(() => t.close());

const xlsxOf = async (account: ExportAccount, query: string) => {
  const res = await account.api.get(`/api/exports/invoices.xlsx${query}`);
  expect(res.status).toBe(200);
  return { res, workbook: await openXlsx(await bytesOf(res)) };
};

const statsTotal = async (period: string) => {
  const res = await owner.api.get(`/api/invoices/stats?period=${period}`);
  const stats: InvoiceStats = await res.json();
  const cents = Object.values(stats.byStatus).reduce((sum, s) => sum + s.totalCents, 0);
  return cents / 100;
};

test('the XLSX holds typed cells: dates as dates, amounts in euros with the EUR format, credit notes negative', async () => {
  const { res, workbook } = await xlsxOf(owner, '?period=all');
  expect(res.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(res.headers.get('content-disposition')).toContain(
    `attachment; filename="faturas-${today}.xlsx"`,
  );
  expect(res.headers.get('x-export-count')).toBe('4');
  expect(workbook.worksheets.map((s) => s.name)).toEqual([
    'Faturas',
    'Por fornecedor',
    'Por categoria',
  ]);

  const sheet = sheetOf(workbook, 'Faturas');
  const [header, ...rest] = rowsOf(sheet);
  expect(header).toEqual(Object.values(INVOICE_HEADINGS));
  const byNumber = new Map(rest.map((row) => [row[3], row]));
  const padaria = byNumber.get('FT P/1');
  expect(padaria).toEqual([
    new Date(`${earlier}T00:00:00.000Z`),
    new Date(`${earlier}T00:00:00.000Z`),
    'Fatura',
    'FT P/1',
    expect.any(String),
    'Padaria Central, Lda',
    padariaNif,
    'Alimentação e Supermercados',
    'Paga',
    'Cartão',
    1003.71,
    230.85,
    1234.56,
    null,
  ]);
  expect(byNumber.get('NC P/1')?.slice(10, 13)).toEqual([-81.3, -18.7, -100]);
  expect(byNumber.get('M-22')?.slice(5, 9)).toEqual([
    'Mercado Municipal',
    null,
    'Sem categoria',
    'Vencida',
  ]);
  expect(byNumber.get('FT C/7')?.[13]).toBe('Entregar ao\nJoão');

  const dataRow = sheet.getRow(2 + rest.findIndex((row) => row[3] === 'FT P/1'));
  expect(dataRow.getCell(1).type).toBe(ExcelJS.ValueType.Date);
  // exceljs's reader drops the format's escapes (`dd\/mm\/yyyy` in the file).
  expect(dataRow.getCell(1).numFmt).toBe(DATE_FORMAT.replaceAll('\\', ''));
  expect(dataRow.getCell(13).type).toBe(ExcelJS.ValueType.Number);
  expect(dataRow.getCell(13).numFmt).toBe(EUR_FORMAT);
  expect(dataRow.getCell(7).type).toBe(ExcelJS.ValueType.String);
});

test('the sheet has a frozen header, an autofilter over the data and a totals row equal to the dashboard stats', async () => {
  for (const period of ['all', 'previousMonths']) {
    const { workbook } = await xlsxOf(owner, `?period=${period}`);
    const sheet = sheetOf(workbook, 'Faturas');
    const rows = rowsOf(sheet);
    const last = rows.length;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:N${last - 1}`);
    const totals = rows.at(-1) ?? [];
    expect(totals[0]).toBe('Total');
    expect(totals[12]).toMatchObject({ formula: `SUBTOTAL(109,M2:M${last - 1})` });
    expect(resultOf(totals[12])).toBeCloseTo(await statsTotal(period), 2);
    expect(sheet.getRow(last).getCell(13).numFmt).toBe(EUR_FORMAT);
  }
  const { workbook } = await xlsxOf(owner, '?period=all');
  expect(resultOf(rowsOf(sheetOf(workbook, 'Faturas')).at(-1)?.[12])).toBe(1204.56);
});

test('the summary sheets total per supplier and per category, largest first, credit notes less', async () => {
  const { workbook } = await xlsxOf(owner, '?period=all');
  const suppliers = rowsOf(sheetOf(workbook, 'Por fornecedor'));
  expect(suppliers[0]).toEqual([
    'Fornecedor',
    'NIF',
    'Categoria',
    'Faturas',
    'Base (€)',
    'IVA (€)',
    'Total (€)',
  ]);
  expect(suppliers.slice(1, -1)).toEqual([
    ['Padaria Central, Lda', padariaNif, 'Alimentação e Supermercados', 2, 922.41, 212.15, 1134.56],
    ['Café "O Zé"; Lda', cafeNif, 'Sem categoria', 1, 50, 0, 50],
    ['Mercado Municipal', null, 'Sem categoria', 1, 18.8, 1.2, 20],
  ]);
  expect(suppliers.at(-1)?.map(resultOf)).toEqual([
    'Total',
    null,
    null,
    4,
    991.21,
    213.35,
    1204.56,
  ]);

  const categories = rowsOf(sheetOf(workbook, 'Por categoria'));
  expect(categories.slice(1).map((row) => row.map(resultOf))).toEqual([
    ['Alimentação e Supermercados', 2, 922.41, 212.15, 1134.56],
    ['Sem categoria', 2, 68.8, 1.2, 70],
    ['Total', 4, 991.21, 213.35, 1204.56],
  ]);
  expect(sheetOf(workbook, 'Por categoria').getRow(2).getCell(5).numFmt).toBe(EUR_FORMAT);
});

test("another account's invoices are never exported, whatever the filters", async () => {
  for (const query of ['', '?period=thisMonth', '?search=alheia', `?supplierNif=${padariaNif}`]) {
    const { workbook } = await xlsxOf(owner, query);
    const numbers = rowsOf(sheetOf(workbook, 'Faturas')).map((row) => row[3]);
    expect(numbers).not.toContain('ALHEIA-1');
  }
  const { workbook } = await xlsxOf(other, '?period=all');
  expect(
    rowsOf(sheetOf(workbook, 'Faturas'))
      .slice(1, -1)
      .map((row) => row[3]),
  ).toEqual(['ALHEIA-1']);
});

test("a supplier's export holds its invoices and is named after it", async () => {
  const res = await owner.api.get(`/api/exports/suppliers/${padariaNif}/invoices.xlsx`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain(
    `filename="faturas-padaria-central-lda-${today}.xlsx"`,
  );
  const workbook = await openXlsx(await bytesOf(res));
  const numbers = rowsOf(sheetOf(workbook, 'Faturas'))
    .slice(1, -1)
    .map((row) => row[3]);
  expect(numbers.sort()).toEqual(['FT P/1', 'NC P/1']);
  const unknown = await owner.api.get(`/api/exports/suppliers/${nextNif()}/invoices.xlsx`);
  expect(unknown.status).toBe(200);
  expect(unknown.headers.get('x-export-count')).toBe('0');
  const empty = await openXlsx(await bytesOf(unknown));
  expect(rowsOf(sheetOf(empty, 'Faturas')).map((row) => row[0])).toEqual([
    'Data de emissão',
    'Total',
  ]);
});

test('HEAD answers the count and the file name without the file', async () => {
  const res = await t.app.request('/api/exports/invoices.csv?period=all', {
    method: 'HEAD',
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-export-count')).toBe('4');
  expect(res.headers.get('content-disposition')).toContain(`faturas-${today}.csv`);
  expect((await res.arrayBuffer()).byteLength).toBe(0);
});

test('this month is named after the month', async () => {
  const res = await owner.api.get('/api/exports/invoices.xlsx?period=thisMonth');
  expect(res.headers.get('content-disposition')).toContain(
    `filename="faturas-${today.slice(0, 7)}.xlsx"`,
  );
  await res.arrayBuffer();
});
