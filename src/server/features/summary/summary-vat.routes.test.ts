import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorOf, invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { VAT_BREAKDOWN_MESSAGES } from '#shared/schemas/vat-breakdown.ts';
import type { VatLine } from '#shared/vat-breakdown.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { newSummaryAccount, summaryOf, type SummaryAccount } from './summary-test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const line = (
  region: VatLine['region'],
  rateBand: VatLine['rateBand'],
  baseCents: number,
  vatCents: number,
): VatLine => ({ region, rateBand, baseCents, vatCents });

/** An invoice read from a QR code: its VAT is the breakdown's, its total bases plus VAT. */
function qrInvoice(issueDate: string, lines: VatLine[], more: Partial<CreateInvoiceInput> = {}) {
  const vatCents = lines.reduce((sum, l) => sum + l.vatCents, 0);
  const totalCents = lines.reduce((sum, l) => sum + l.baseCents, 0) + vatCents;
  return invoiceBody({
    issueDate,
    dueDate: issueDate,
    totalCents,
    vatCents,
    source: 'qr',
    vatBreakdown: lines,
    ...more,
  });
}

async function create(account: SummaryAccount, body: CreateInvoiceInput) {
  return account.api.send('POST', '/api/invoices', body);
}

async function created(account: SummaryAccount, body: CreateInvoiceInput): Promise<string> {
  const res = await create(account, body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the VAT of QR invoices adds up by region and rate for the month and for its quarter', async () => {
  const account = await newSummaryAccount(t);
  await created(
    account,
    qrInvoice('2025-05-10', [
      line('PT', 'normal', 10_000, 2_300),
      line('PT', 'reduced', 5_000, 300),
    ]),
  );
  await created(
    account,
    qrInvoice('2025-05-12', [
      line('PT-AC', 'normal', 1_000, 160),
      line('PT', 'intermediate', 2_000, 260),
    ]),
  );
  await created(
    account,
    qrInvoice('2025-05-15', [line('PT', 'normal', 1_000, 230)], {
      documentType: 'NC',
      originalInvoiceRef: 'FT 2025/1',
    }),
  );
  // April is another month of the same quarter (Q2).
  await created(
    account,
    qrInvoice('2025-04-20', [line('PT', 'exempt', 500, 0), line('PT', 'normal', 4_000, 920)]),
  );
  // Typed by hand: counted in the VAT, not in the breakdown.
  await created(
    account,
    invoiceBody({ issueDate: '2025-05-20', totalCents: 2_460, vatCents: 460 }),
  );

  const summary = await summaryOf(account, 2025, 5);
  expect(summary.totals.deductibleVatCents).toBe(2_600 + 420 - 230 + 460);
  expect(summary.vat.month).toEqual({
    lines: [
      line('PT', 'reduced', 5_000, 300),
      line('PT', 'intermediate', 2_000, 260),
      line('PT', 'normal', 9_000, 2_070),
      line('PT-AC', 'normal', 1_000, 160),
    ],
    baseCents: 17_000,
    vatCents: 2_790,
    withoutBreakdownCount: 1,
  });
  expect(summary.quarter).toEqual({ number: 2, from: '2025-04-01', to: '2025-06-30' });
  expect(summary.vat.quarter).toEqual({
    lines: [
      line('PT', 'exempt', 500, 0),
      line('PT', 'reduced', 5_000, 300),
      line('PT', 'intermediate', 2_000, 260),
      line('PT', 'normal', 13_000, 2_990),
      line('PT-AC', 'normal', 1_000, 160),
    ],
    baseCents: 21_500,
    vatCents: 3_710,
    withoutBreakdownCount: 1,
  });
});

test('a deleted invoice takes its VAT lines with it', async () => {
  const account = await newSummaryAccount(t);
  const id = await created(account, qrInvoice('2025-05-10', [line('PT', 'normal', 1_000, 230)]));
  expect((await summaryOf(account, 2025, 5)).vat.month.vatCents).toBe(230);
  expect((await account.api.send('DELETE', `/api/invoices/${id}`)).status).toBe(204);
  expect((await summaryOf(account, 2025, 5)).vat.month).toMatchObject({ lines: [], vatCents: 0 });
});

test('a breakdown may differ from the VAT by a cent, not by two', async () => {
  const account = await newSummaryAccount(t);
  const lines = [line('PT', 'normal', 10_000, 2_301)];
  const oneOff = qrInvoice('2025-05-10', lines, { vatCents: 2_300, totalCents: 12_300 });
  await created(account, oneOff);
  const twoOff = qrInvoice('2025-05-11', lines, { vatCents: 2_299, totalCents: 12_299 });
  const res = await create(account, twoOff);
  expect(res.status).toBe(400);
  expect(await errorOf(res)).toMatchObject({
    code: 'VALIDATION',
    message: VAT_BREAKDOWN_MESSAGES.sumMismatch,
  });
});

test('a breakdown is refused on an invoice typed by hand, twice for one rate, or with VAT on an exempt base', async () => {
  const account = await newSummaryAccount(t);
  const cases: Array<[CreateInvoiceInput, string]> = [
    [
      qrInvoice('2025-05-10', [line('PT', 'normal', 1_000, 230)], { source: 'manual' }),
      VAT_BREAKDOWN_MESSAGES.notFromQr,
    ],
    [
      qrInvoice('2025-05-10', [line('PT', 'normal', 1_000, 230), line('PT', 'normal', 100, 23)]),
      VAT_BREAKDOWN_MESSAGES.repeated,
    ],
    [
      qrInvoice('2025-05-10', [line('PT', 'exempt', 1_000, 10)]),
      VAT_BREAKDOWN_MESSAGES.exemptWithVat,
    ],
    [
      qrInvoice('2025-05-10', [{ ...line('PT', 'normal', 1_000, 200), region: 'FR' as 'PT' }]),
      VAT_BREAKDOWN_MESSAGES.line,
    ],
  ];
  for (const [body, message] of cases) {
    const res = await create(account, body);
    expect(res.status, message).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  }
  expect((await summaryOf(account, 2025, 5)).totals.invoiceCount).toBe(0);
});

test('a QR document without VAT has an empty breakdown and is not counted as lacking one', async () => {
  const account = await newSummaryAccount(t);
  await created(
    account,
    invoiceBody({
      issueDate: '2025-05-10',
      totalCents: 5_000,
      vatCents: 0,
      source: 'qr',
      vatBreakdown: [],
    }),
  );
  expect((await summaryOf(account, 2025, 5)).vat.month).toEqual({
    lines: [],
    baseCents: 0,
    vatCents: 0,
    withoutBreakdownCount: 0,
  });
});
