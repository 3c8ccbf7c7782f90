import { expect, test } from 'vitest';
import { isValidNif } from '#shared/nif.ts';
import { sumVatLines } from '#shared/vat-breakdown.ts';
import { buildDemoData, DEMO_COMPANY, demoFirstDay } from './demo-data.ts';

const today = '2025-10-20';
const data = buildDemoData(today);

test('a day always gives the same data; later in the month the earlier amounts stay', () => {
  expect(buildDemoData(today)).toEqual(data);
  const before = (day: string) =>
    buildDemoData(day)
      .invoices.filter((i) => i.issueDate < '2025-10-01' && i.documentType !== 'NC')
      .map(({ number, issueDate, totalCents, vatLines }) => ({
        number,
        issueDate,
        totalCents,
        vatLines,
      }));
  expect(before('2025-10-03')).toEqual(before('2025-10-31'));
  expect(buildDemoData('2025-11-03').invoices).not.toEqual(data.invoices);
});

test('a year of invoices up to today, none later, each adding up', () => {
  const dates = data.invoices.map((i) => i.issueDate).sort();
  expect(dates[0]! >= demoFirstDay(today)).toBe(true);
  expect(dates.at(-1)! <= today).toBe(true);
  for (const invoice of data.invoices) {
    expect(invoice.vatCents).toBeLessThanOrEqual(invoice.totalCents);
    if (invoice.vatLines) {
      expect(sumVatLines(invoice.vatLines)).toBe(invoice.vatCents);
      const bases = invoice.vatLines.reduce((sum, line) => sum + line.baseCents, 0);
      expect(bases + invoice.vatCents).toBe(invoice.totalCents);
    }
  }
});

test('credit notes, overdue and pending invoices, VAT in two regions', () => {
  const notes = data.invoices.filter((i) => i.documentType === 'NC');
  expect(notes.length).toBe(3);
  expect(notes.every((n) => n.originalInvoiceRef !== null)).toBe(true);
  const overdue = data.invoices.filter((i) => i.paymentStatus === 'Vencida');
  expect(overdue.length).toBeGreaterThanOrEqual(2);
  expect(overdue.every((i) => i.dueDate < today)).toBe(true);
  const pending = data.invoices.filter((i) => i.paymentStatus === 'Pendente');
  expect(pending.length).toBeGreaterThanOrEqual(2);
  expect(pending.every((i) => i.dueDate >= today)).toBe(true);
  // Most of the year is paid.
  const paid = data.invoices.filter((i) => i.paymentStatus === 'Paga');
  expect(paid.length / data.invoices.length).toBeGreaterThan(0.85);
  const regions = new Set(data.invoices.flatMap((i) => (i.vatLines ?? []).map((l) => l.region)));
  expect(regions).toEqual(new Set(['PT', 'PT-MA']));
});

test('suppliers and the company have valid NIFs; one supplier is a savings one', () => {
  expect(isValidNif(DEMO_COMPANY.nif)).toBe(true);
  for (const supplier of data.suppliers) expect(isValidNif(supplier.nif), supplier.name).toBe(true);
  expect(new Set(data.suppliers.map((s) => s.nif)).size).toBe(data.suppliers.length);
  expect(data.suppliers.filter((s) => s.mainCategory === 'Poupanca')).toHaveLength(1);
  expect(new Set(data.suppliers.map((s) => s.category)).size).toBeGreaterThanOrEqual(5);
});

test('sales every opening day, Sundays closed, VAT below the value', () => {
  expect(data.sales.length).toBeGreaterThan(250);
  for (const sale of data.sales) {
    expect(new Date(`${sale.date}T12:00:00Z`).getUTCDay()).not.toBe(0);
    expect(sale.vatCollectedCents).toBeLessThan(sale.salesValueCents);
  }
});
