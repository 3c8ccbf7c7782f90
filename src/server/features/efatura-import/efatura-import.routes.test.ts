import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { EFATURA_ROW_MESSAGES, EFATURA_SKIP_MESSAGES } from './efatura-import.messages.ts';
import {
  countRows,
  efaturaFixture,
  importAccount,
  imported,
  upload,
} from './efatura-test-helpers.ts';

let t: TestApp;
const SAMPLE = efaturaFixture('faturas-recebidas.csv');

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

test('the preview lists what would be created, skipped and refused, and writes nothing', async () => {
  const account = await importAccount(t);
  const preview = await imported(upload(t, account, 'preview', SAMPLE));
  expect(preview.isCommitted).toBe(false);
  expect(preview.counts).toEqual({ create: 5, skip: 0, refuse: 2 });
  // The annulled line's date counts; the wrong-NIF line is refused before its date is read.
  expect(preview.period).toEqual({ from: '2026-10-03', to: '2026-11-06' });
  expect(preview.rows.map((row) => [row.line, row.status, row.reason])).toEqual([
    [2, 'create', null],
    [3, 'create', null],
    [4, 'create', null],
    [5, 'create', null],
    [6, 'create', null],
    [7, 'refuse', EFATURA_ROW_MESSAGES.annulled],
    [8, 'refuse', EFATURA_ROW_MESSAGES.nif('123456780 - NIF Errado Lda')],
  ]);
  // A credit note shows negative; receipts are saved paid, the others by their due date.
  expect(preview.rows[1]).toMatchObject({
    documentType: 'NC',
    totalCents: -27_524,
    vatCents: -5_147,
    paymentStatus: 'Vencida',
    isNewSupplier: true,
  });
  expect(preview.rows[0]).toMatchObject({ documentType: 'FR', paymentStatus: 'Paga' });
  expect(preview.missing).toEqual({ total: 0, items: [] });
  expect(preview.usage).toEqual({ currentCount: 0, monthlyLimit: 120 });
  expect(await countRows(t, account.accountId)).toEqual({ invoices: 0, suppliers: 0 });
});

test('the commit creates the invoices and their suppliers; a credit note is stored as NC with its amounts positive', async () => {
  const account = await importAccount(t);
  const heard: AccountEvent[] = [];
  const stop = t.events.subscribe(account.accountId, (event) => heard.push(event));
  const result = await imported(upload(t, account, 'commit', SAMPLE));
  await new Promise((resolve) => setTimeout(resolve, 20));
  stop();
  expect(result.isCommitted).toBe(true);
  expect(result.counts).toEqual({ create: 5, skip: 0, refuse: 2 });
  expect(result.usage).toEqual({ currentCount: 5, monthlyLimit: 120 });

  const rows = await t.db.db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, account.accountId))
    .orderBy(asc(invoices.issueDate));
  expect(rows.map((r) => r.id).sort()).toEqual(
    result.rows.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])).sort(),
  );
  expect(
    rows.map((r) => ({
      supplierNif: r.supplierNif,
      supplierName: r.supplierName,
      number: r.number,
      atcud: r.atcud,
      documentType: r.documentType,
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      totalCents: r.totalCents,
      vatCents: r.vatCents,
      paymentStatus: r.paymentStatus,
      paymentMethod: r.paymentMethod,
    })),
  ).toEqual([
    {
      supplierNif: '502236469',
      supplierName: 'Nepeli Materiais Construcao Lda',
      number: 'FR 2026ACM1/163',
      atcud: 'JF2JS32H-163',
      documentType: 'FR',
      issueDate: '2026-10-03',
      dueDate: '2026-10-03',
      totalCents: 52_739,
      vatCents: 9_862,
      paymentStatus: 'Paga',
      paymentMethod: 'Outro',
    },
    expect.objectContaining({
      number: 'NC 72/19847',
      documentType: 'NC',
      totalCents: 27_524,
      vatCents: 5_147,
      paymentStatus: 'Vencida',
      paymentMethod: null,
    }),
    expect.objectContaining({ number: 'FT FA.2026/462', totalCents: 116_968 }),
    expect.objectContaining({ number: 'FS FS26/013760', atcud: null, paymentStatus: 'Paga' }),
    expect.objectContaining({ number: 'ND 2026/7', totalCents: 1_234_567 }),
  ]);
  const made = await t.db.db
    .select({ nif: suppliers.nif, name: suppliers.name, category: suppliers.category })
    .from(suppliers)
    .where(eq(suppliers.accountId, account.accountId))
    .orderBy(asc(suppliers.nif));
  expect(made).toEqual([
    { nif: '500100144', name: 'Farmácia Central; Lda', category: 'Outros' },
    { nif: '501293710', name: 'Jocel Lda', category: 'Outros' },
    { nif: '502236469', name: 'Nepeli Materiais Construcao Lda', category: 'Outros' },
    { nif: '509442013', name: 'Padaria Pão Quente, Lda', category: 'Outros' },
  ]);
  // The account's other tabs hear about the new invoices.
  expect(heard).toContainEqual({
    type: 'invoices.changed',
    action: 'created',
    ids: expect.any(Array),
  });

  // The dashboard's totals count the credit note negative.
  const stats = await t.app.request('/api/invoices/stats?period=all', {
    headers: { cookie: account.cookie },
  });
  expect((await stats.json()).byStatus).toMatchObject({
    Paga: { count: 2, totalCents: 52_739 + 1_230 },
    Vencida: { count: 3, totalCents: -27_524 + 116_968 + 1_234_567 },
  });
});

test('importing the same file twice creates each invoice once: the second preview and commit skip them all', async () => {
  const account = await importAccount(t);
  await imported(upload(t, account, 'commit', SAMPLE));
  const before = await countRows(t, account.accountId);

  const preview = await imported(upload(t, account, 'preview', SAMPLE));
  expect(preview.counts).toEqual({ create: 0, skip: 5, refuse: 2 });
  expect(preview.rows.filter((row) => row.status === 'skip').map((row) => row.reason)).toEqual(
    Array(5).fill(EFATURA_SKIP_MESSAGES.alreadyInPapelada),
  );
  const again = await imported(upload(t, account, 'commit', SAMPLE));
  expect(again.counts).toEqual({ create: 0, skip: 5, refuse: 2 });
  expect(again.usage.currentCount).toBe(5);
  expect(await countRows(t, account.accountId)).toEqual(before);
});

test('two commits of one file at the same time still create each invoice once', async () => {
  const account = await importAccount(t);
  const [a, b] = await Promise.all([
    imported(upload(t, account, 'commit', SAMPLE)),
    imported(upload(t, account, 'commit', SAMPLE)),
  ]);
  expect(a.counts.create + b.counts.create).toBe(5);
  expect(a.counts.skip + b.counts.skip).toBe(5);
  expect((await countRows(t, account.accountId)).invoices).toBe(5);
});

test('every variant of the file (BOM, Latin-1, commas) previews the same five documents', async () => {
  const account = await importAccount(t);
  const expected = (await imported(upload(t, account, 'preview', SAMPLE))).rows.slice(0, 5);
  for (const name of [
    'faturas-recebidas-bom.csv',
    'faturas-recebidas-latin1.csv',
    'faturas-recebidas-virgulas.csv',
  ]) {
    const preview = await imported(upload(t, account, 'preview', efaturaFixture(name)));
    expect(preview.rows, name).toEqual(expected);
  }
});

test('a supplier already in Papelada is matched by NIF and keeps its name; invoices typed by hand are recognised', async () => {
  const account = await importAccount(t);
  await insertSupplier(t.db.db, account.accountId, { nif: '501293710', name: 'Jocel — Materiais' });
  // Typed by hand: the same number in other case and spacing; and the same ATCUD under another number.
  await insertInvoice(t.db.db, account.accountId, {
    supplierNif: '502236469',
    number: 'fr 2026acm1/163',
    atcud: null,
  });
  await insertInvoice(t.db.db, account.accountId, {
    supplierNif: '509442013',
    number: 'ND 7',
    atcud: 'KXTP8ZQ2-7',
  });
  const result = await imported(upload(t, account, 'commit', SAMPLE));
  expect(result.rows.slice(0, 5).map((row) => [row.number, row.status])).toEqual([
    ['FR 2026ACM1/163', 'skip'],
    ['NC 72/19847', 'create'],
    ['FT FA.2026/462', 'create'],
    ['FS FS26/013760', 'create'],
    ['ND 2026/7', 'skip'],
  ]);
  expect(result.rows[2]).toMatchObject({ supplierName: 'Jocel — Materiais', isNewSupplier: false });
  const [jocel] = await t.db.db
    .select({ supplierName: invoices.supplierName })
    .from(invoices)
    .where(and(eq(invoices.accountId, account.accountId), eq(invoices.number, 'FT FA.2026/462')));
  expect(jocel?.supplierName).toBe('Jocel — Materiais');
  const jocels = await t.db.db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.accountId, account.accountId), eq(suppliers.nif, '501293710')));
  expect(jocels).toHaveLength(1);
});

test('a document repeated in the file is created once and the repeat skipped with the first line named', async () => {
  const account = await importAccount(t);
  const text = new TextDecoder().decode(SAMPLE).trimEnd().split('\n');
  const bytes = new TextEncoder().encode([...text.slice(0, 4), text[3]].join('\n'));
  const result = await imported(upload(t, account, 'commit', bytes));
  expect(result.rows.map((row) => [row.line, row.status, row.reason])).toEqual([
    [2, 'create', null],
    [3, 'create', null],
    [4, 'create', null],
    [5, 'skip', EFATURA_SKIP_MESSAGES.repeatedInFile(4)],
  ]);
});

test('"mark as paid" saves invoices and notes paid too', async () => {
  const account = await importAccount(t);
  const result = await imported(upload(t, account, 'commit', SAMPLE, { markPaid: true }));
  expect(result.rows.slice(0, 5).map((row) => row.paymentStatus)).toEqual(Array(5).fill('Paga'));
});

test('the invoices of the file’s period that the portal’s list lacks are listed, and only those', async () => {
  const account = await importAccount(t);
  const lacking = await insertInvoice(t.db.db, account.accountId, {
    supplierNif: '503504564',
    supplierName: 'Canalizações Norte',
    number: 'FT 2026/55',
    atcud: 'ABCDEFGH-55',
    issueDate: '2026-10-15',
    documentType: 'NC',
    totalCents: 4_000,
  });
  // In the list (same NIF and ATCUD), before the period, and without an issuer NIF.
  await insertInvoice(t.db.db, account.accountId, {
    supplierNif: '501293710',
    number: 'outro número',
    atcud: 'J6NTT56K-462',
    issueDate: '2026-10-22',
  });
  await insertInvoice(t.db.db, account.accountId, {
    supplierNif: '503504564',
    issueDate: '2026-09-30',
  });
  await insertInvoice(t.db.db, account.accountId, { supplierNif: null, issueDate: '2026-10-20' });
  const preview = await imported(upload(t, account, 'preview', SAMPLE));
  expect(preview.missing).toEqual({
    total: 1,
    items: [
      {
        id: lacking.id,
        supplierNif: '503504564',
        supplierName: 'Canalizações Norte',
        number: 'FT 2026/55',
        atcud: 'ABCDEFGH-55',
        documentType: 'NC',
        issueDate: '2026-10-15',
        totalCents: -4_000,
      },
    ],
  });
});
