import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { buyerNifColumns } from '#server/services/crypto/sealed-fields.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif, nextPersonNif } from '#tests/factories/nif.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { insertSales, newSummaryAccount, setOwnNifs, summaryOf } from './summary-test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

/** Due long after any run of these tests: stays Pendente. */
const FAR_DUE = '2099-12-31';

test('the totals count every document of the month, credit notes negative, in VAT too', async () => {
  const account = await newSummaryAccount(t);
  const other = await newSummaryAccount(t);
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2025-03-03', totalCents: 10_000, vatCents: 2_300, paymentStatus: 'Paga' },
    { issueDate: '2025-03-04', totalCents: 5_000, vatCents: 500, dueDate: FAR_DUE },
    {
      issueDate: '2025-03-05',
      totalCents: 3_000,
      vatCents: 690,
      documentType: 'NC',
      paymentStatus: 'Paga',
    },
    // Pendente and due before today: shown (and summed) as Vencida.
    { issueDate: '2025-03-06', totalCents: 2_000, vatCents: 0, dueDate: '2025-03-10' },
    { issueDate: '2025-03-07', totalCents: 4_000, vatCents: 0, paymentStatus: 'Vencida' },
  ]);
  // Another account's invoice of the same month is not this account's spending.
  await insertInvoices(t.db.db, other.accountId, [{ issueDate: '2025-03-03', totalCents: 99_900 }]);

  const summary = await summaryOf(account, 2025, 3);
  expect(summary.totals).toMatchObject({
    totalCents: 18_000,
    invoiceCount: 5,
    averageCents: 3_600,
    deductibleVatCents: 2_110,
    collectedVatCents: 0,
    vatBalanceCents: -2_110,
  });
  expect(summary.byStatus.paid).toMatchObject({ amountCents: 7_000, count: 2 });
  expect(summary.byStatus.pending).toMatchObject({ amountCents: 5_000, count: 1 });
  expect(summary.byStatus.overdue).toMatchObject({ amountCents: 6_000, count: 2 });
  expect(summary.byStatus.paid.percentage).toBeCloseTo((7_000 / 18_000) * 100, 6);
  expect(summary.byStatus.overdue.percentage).toBeCloseTo((6_000 / 18_000) * 100, 6);
  expect(summary.byDay.find((d) => d.date === '2025-03-05')?.expensesCents).toBe(-3_000);
});

test('an invoice of the last Sunday of March (summer time starts) belongs to March, the 1st of April to April', async () => {
  const account = await newSummaryAccount(t);
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2024-02-29', totalCents: 100 },
    { issueDate: '2024-03-01', totalCents: 200 },
    // 31 March 2024 was the last Sunday of March: Lisbon moved from UTC+0 to UTC+1.
    { issueDate: '2024-03-31', totalCents: 400 },
    { issueDate: '2024-04-01', totalCents: 800 },
  ]);
  const march = await summaryOf(account, 2024, 3);
  expect(march.totals).toMatchObject({ totalCents: 600, invoiceCount: 2 });
  expect(march.period).toEqual({ from: '2024-03-01', to: '2024-03-31' });
  expect(march.byDay).toHaveLength(31);
  expect(march.byDay[0]).toMatchObject({ date: '2024-03-01', expensesCents: 200, count: 1 });
  expect(march.byDay[30]).toMatchObject({ date: '2024-03-31', expensesCents: 400, count: 1 });
  expect((await summaryOf(account, 2024, 2)).totals.totalCents).toBe(100);
  expect((await summaryOf(account, 2024, 2)).byDay).toHaveLength(29);
  expect((await summaryOf(account, 2024, 4)).totals.totalCents).toBe(800);
});

test('an invoice of the last Sunday of October (summer time ends) belongs to October, the 1st of November to November', async () => {
  const account = await newSummaryAccount(t);
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2021-09-30', totalCents: 100 },
    { issueDate: '2021-10-01', totalCents: 200 },
    // 31 October 2021 was the last Sunday of October: Lisbon went back to UTC+0.
    { issueDate: '2021-10-31', totalCents: 400 },
    { issueDate: '2021-11-01', totalCents: 800 },
  ]);
  const october = await summaryOf(account, 2021, 10);
  expect(october.totals).toMatchObject({ totalCents: 600, invoiceCount: 2 });
  expect(october.byDay.at(-1)).toMatchObject({ date: '2021-10-31', expensesCents: 400 });
  expect((await summaryOf(account, 2021, 9)).totals.totalCents).toBe(100);
  expect((await summaryOf(account, 2021, 11)).totals.totalCents).toBe(800);
});

test('an empty month answers zeros, every day of it, and no supplier or category', async () => {
  const account = await newSummaryAccount(t);
  const summary = await summaryOf(account, 2026, 2);
  expect(summary.totals).toEqual({
    totalCents: 0,
    invoiceCount: 0,
    averageCents: 0,
    ownCents: 0,
    ownCount: 0,
    hasOwnNif: false,
    deductibleVatCents: 0,
    collectedVatCents: 0,
    vatBalanceCents: 0,
    salesCents: 0,
  });
  expect(summary.byStatus).toEqual({
    paid: { amountCents: 0, count: 0, percentage: 0 },
    pending: { amountCents: 0, count: 0, percentage: 0 },
    overdue: { amountCents: 0, count: 0, percentage: 0 },
  });
  expect(summary.byDay).toHaveLength(28);
  expect(summary.byDay.every((d) => d.expensesCents === 0 && d.receiptsCents === 0)).toBe(true);
  expect(summary.bySupplier).toEqual([]);
  expect(summary.byCategory).toEqual([]);
  expect(summary.vat.month).toEqual({
    lines: [],
    baseCents: 0,
    vatCents: 0,
    withoutBreakdownCount: 0,
  });
  expect(summary.quarter).toEqual({ number: 1, from: '2026-01-01', to: '2026-03-31' });
});

test('own spending is what was bought with the personal or the company NIF, credit notes less', async () => {
  const account = await newSummaryAccount(t);
  const [personalNif, companyNif] = [nextPersonNif(), nextNif()];
  await setOwnNifs(t, account.accountId, { personalNif, companyNif });
  // Stored as the invoice API stores them: a person's NIF sealed, each with its hash (ADR 028).
  const buyer = (nif: string | null) => buyerNifColumns(t.cipher, nif);
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2025-06-02', totalCents: 100, ...buyer(personalNif) },
    { issueDate: '2025-06-03', totalCents: 200, ...buyer(companyNif) },
    { issueDate: '2025-06-04', totalCents: 400, ...buyer(nextPersonNif()) },
    { issueDate: '2025-06-05', totalCents: 800, ...buyer(null) },
    { issueDate: '2025-06-06', totalCents: 50, ...buyer(personalNif), documentType: 'NC' },
  ]);
  const summary = await summaryOf(account, 2025, 6);
  expect(summary.totals).toMatchObject({
    totalCents: 1_450,
    ownCents: 250,
    ownCount: 3,
    hasOwnNif: true,
  });
});

test('suppliers come sorted by spending, the top 8 with their share, named as the account names them', async () => {
  const account = await newSummaryAccount(t);
  const nifs = Array.from({ length: 9 }, () => nextNif());
  await insertInvoices(
    t.db.db,
    account.accountId,
    nifs.map((nif, i) => ({
      issueDate: '2025-07-10',
      supplierNif: nif,
      supplierName: `Fornecedor ${i + 1}`,
      totalCents: (9 - i) * 100,
    })),
  );
  const summary = await summaryOf(account, 2025, 7);
  expect(summary.bySupplierCount).toBe(9);
  expect(summary.bySupplier).toHaveLength(8);
  expect(summary.bySupplier[0]).toMatchObject({
    nif: nifs[0],
    name: 'Fornecedor 1',
    amountCents: 900,
    count: 1,
    percentage: 20,
  });
  expect(summary.bySupplier.at(-1)).toMatchObject({ name: 'Fornecedor 8', amountCents: 200 });
});

test('receipts of the sales records fill the cash flow, and their VAT is the VAT collected', async () => {
  const account = await newSummaryAccount(t);
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2025-03-05', totalCents: 700, vatCents: 161 },
  ]);
  await insertSales(t, account.accountId, [
    { date: '2025-03-05', salesValueCents: 1_500, vatCollectedCents: 345 },
    { date: '2025-03-20', salesValueCents: 2_000, vatCollectedCents: 0 },
    { date: '2025-04-01', salesValueCents: 9_000, vatCollectedCents: 900 },
  ]);
  const summary = await summaryOf(account, 2025, 3);
  expect(summary.byDay[4]).toEqual({
    date: '2025-03-05',
    count: 1,
    expensesCents: 700,
    receiptsCents: 1_500,
  });
  expect(summary.byDay[19]).toMatchObject({ date: '2025-03-20', receiptsCents: 2_000 });
  expect(summary.totals).toMatchObject({
    salesCents: 3_500,
    collectedVatCents: 345,
    deductibleVatCents: 161,
    vatBalanceCents: 184,
  });
});

test('without a month the summary is of the current one in Lisbon', async () => {
  const account = await newSummaryAccount(t);
  const res = await account.api.get('/api/summary');
  expect(res.status).toBe(200);
  const today = todayInLisbon();
  expect(await res.json()).toMatchObject({
    year: Number(today.slice(0, 4)),
    month: Number(today.slice(5, 7)),
  });
});

test('a month or a year that is not one is refused in Portuguese', async () => {
  const account = await newSummaryAccount(t);
  for (const [query, message] of [
    ['year=2025&month=13', 'Mês inválido'],
    ['year=2025&month=0', 'Mês inválido'],
    ['year=2025&month=3.5', 'Mês inválido'],
    ['year=1999&month=3', 'Ano inválido'],
    ['year=abc&month=3', 'Ano inválido'],
  ] as const) {
    const res = await account.api.get(`/api/summary?${query}`);
    expect(res.status, query).toBe(400);
    expect((await errorOf(res)).message, query).toBe(message);
  }
});
