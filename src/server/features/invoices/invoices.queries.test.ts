import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import type { Invoice } from '#server/db/schema/index.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '#shared/domain.ts';
import { INVOICE_PERIODS, matchesPeriod, type InvoicePeriod } from '#shared/invoice-period.ts';
import { matchesSearch, matchesStatuses, sortInvoices } from '#shared/invoice-search.ts';
import { shownStatus } from '#shared/invoice-status.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoices, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import {
  InvalidListCursorError,
  listInvoices,
  type ListInvoicesParams,
} from './invoices.queries.ts';

const TODAY = '2025-03-15';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/** created_at one minute apart, in insertion order, so "newest created" is predictable. */
function createdAt(minute: number): Date {
  return new Date(Date.UTC(2025, 2, 1, 12, minute));
}

async function seed(rows: InvoiceOverrides[]): Promise<{ accountId: string; invoices: Invoice[] }> {
  const { id: accountId } = await insertAccount(handle.db);
  const invoices = await insertInvoices(
    handle.db,
    accountId,
    rows.map((row, index) => ({ createdAt: createdAt(index), ...row })),
  );
  return { accountId, invoices };
}

/** Every page, followed through nextCursor. */
async function listAll(params: Omit<ListInvoicesParams, 'cursor'>) {
  const items = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await listInvoices(handle.db, { ...params, cursor });
    items.push(...result.items);
    if (result.nextCursor === null) return items;
    cursor = result.nextCursor;
  }
  throw new Error('pagination did not end');
}

const numbers = (items: Array<{ number: string }>) => items.map((item) => item.number);

test('thisMonth lists earlier Pendente and Vencida invoices first, highlighted, then this month newest first', async () => {
  const { accountId } = await seed([
    { number: 'mar-paga', issueDate: '2025-03-02', paymentStatus: 'Paga', isPaid: true },
    { number: 'fev-pendente', issueDate: '2025-02-20' },
    { number: 'mar-pendente', issueDate: '2025-03-10' },
    { number: 'jan-vencida', issueDate: '2025-01-05', paymentStatus: 'Vencida' },
    { number: 'fev-paga', issueDate: '2025-02-10', paymentStatus: 'Paga', isPaid: true },
    { number: 'abr-pendente', issueDate: '2025-04-02' },
  ]);

  const { items, nextCursor } = await listInvoices(handle.db, {
    accountId,
    period: 'thisMonth',
    today: TODAY,
  });

  expect(numbers(items)).toEqual(['jan-vencida', 'fev-pendente', 'mar-pendente', 'mar-paga']);
  expect(items.map((item) => item.isHighlighted)).toEqual([true, true, false, false]);
  expect(nextCursor).toBeNull();
});

test('the other periods filter on the issue date and still put earlier unpaid invoices first', async () => {
  const { accountId } = await seed([
    { number: 'fev-13-paga', issueDate: '2025-02-13', paymentStatus: 'Paga', isPaid: true },
    { number: 'fev-12-pendente', issueDate: '2025-02-12' },
    { number: 'fev-14-pendente', issueDate: '2025-02-14' },
    { number: 'mar-pendente', issueDate: '2025-03-15' },
    { number: 'mar-futura', issueDate: '2025-03-16' },
    { number: 'jan-paga', issueDate: '2025-01-31', paymentStatus: 'Paga', isPaid: true },
  ]);
  const list = async (period: InvoicePeriod) =>
    numbers((await listInvoices(handle.db, { accountId, period, today: TODAY })).items);

  // last30days: from today − 30 days (2025-02-13) through today.
  expect(await list('last30days')).toEqual(['fev-14-pendente', 'mar-pendente', 'fev-13-paga']);
  expect(await list('previousMonths')).toEqual([
    'fev-14-pendente',
    'fev-12-pendente',
    'jan-paga',
    'fev-13-paga',
  ]);
  expect(await list('all')).toEqual([
    'fev-14-pendente',
    'fev-12-pendente',
    'jan-paga',
    'mar-futura',
    'mar-pendente',
    'fev-13-paga',
  ]);
});

test('an earlier unpaid invoice that also falls in the period is listed once', async () => {
  const { accountId } = await seed([
    { number: 'fev-20-pendente', issueDate: '2025-02-20' },
    { number: 'mar-01-vencida', issueDate: '2025-03-01', paymentStatus: 'Vencida' },
  ]);

  for (const period of INVOICE_PERIODS) {
    const items = await listAll({ accountId, period, today: TODAY, limit: 1 });
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size, period).toBe(ids.length);
  }
  const thisMonth = await listAll({ accountId, period: 'thisMonth', today: TODAY, limit: 1 });
  expect(numbers(thisMonth)).toEqual(['fev-20-pendente', 'mar-01-vencida']);
});

test('status chips combine, and no chip means every status', async () => {
  const { accountId } = await seed([
    { number: 'paga', issueDate: '2025-03-02', paymentStatus: 'Paga', isPaid: true },
    { number: 'pendente', issueDate: '2025-03-03', dueDate: '2025-04-02' },
    { number: 'vencida', issueDate: '2025-03-04', paymentStatus: 'Vencida' },
    { number: 'fev-vencida', issueDate: '2025-02-04', paymentStatus: 'Vencida' },
    // Stored Pendente, due before TODAY: the chips see it as Vencida (issue 13 point 6).
    { number: 'pendente-vencida', issueDate: '2025-03-05', dueDate: '2025-03-14' },
  ]);
  const list = async (statuses: PaymentStatus[]) =>
    numbers(
      (await listInvoices(handle.db, { accountId, period: 'thisMonth', statuses, today: TODAY }))
        .items,
    );

  expect(await list([])).toEqual([
    'fev-vencida',
    'pendente-vencida',
    'vencida',
    'pendente',
    'paga',
  ]);
  expect(await list(['Paga'])).toEqual(['paga']);
  expect(await list(['Vencida'])).toEqual(['fev-vencida', 'pendente-vencida', 'vencida']);
  expect(await list(['Paga', 'Pendente'])).toEqual(['pendente', 'paga']);
  expect(await list(['Pendente'])).toEqual(['pendente']);
});

test('search finds the supplier name and the number ignoring case and accents', async () => {
  const { accountId } = await seed([
    { number: 'FT 2025/12', supplierName: 'Águas do Porto, EM', issueDate: '2025-01-10' },
    { number: 'FS 9/100', supplierName: 'Continente Hipermercados', issueDate: '2025-02-10' },
    { number: 'FT X/7', supplierName: 'Padaria São João', issueDate: '2025-02-11' },
  ]);
  const search = async (text: string) =>
    numbers(
      (await listInvoices(handle.db, { accountId, period: 'all', search: text, today: TODAY }))
        .items,
    );

  expect(await search('aguas')).toEqual(['FT 2025/12']);
  expect(await search('CONTINENTE')).toEqual(['FS 9/100']);
  expect(await search('sao  joão')).toEqual(['FT X/7']);
  expect(await search('9/1')).toEqual(['FS 9/100']);
  expect(await search('ft ')).toEqual(['FT X/7', 'FT 2025/12']);
  expect(await search('   ')).toHaveLength(3);
});

test('search finds the Portuguese month name of the issue date, full or abbreviated', async () => {
  const { accountId } = await seed([
    { number: 'n1', supplierName: 'Loja Um', issueDate: '2025-03-10' },
    { number: 'n2', supplierName: 'Loja Dois', issueDate: '2024-12-01' },
    { number: 'n3', supplierName: 'Loja Três', issueDate: '2025-02-28' },
  ]);
  const search = async (text: string) =>
    numbers(
      (await listInvoices(handle.db, { accountId, period: 'all', search: text, today: TODAY }))
        .items,
    );

  for (const text of ['março', 'marco', 'MAR', 'Mar'])
    expect(await search(text), text).toEqual(['n1']);
  expect(await search('dezembro')).toEqual(['n2']);
  expect(await search('dez')).toEqual(['n2']);
  expect(await search('fev')).toEqual(['n3']);
  // Inside 'fevereiro' and 'dezembro', not 'marco'.
  expect((await search('ro')).sort()).toEqual(['n2', 'n3']);
  // The name, number and month are separate lines: a search never spans two of them.
  expect(await search('um n1')).toEqual([]);
  expect(await search('n1 marco')).toEqual([]);
});

test('search treats % and _ as plain characters', async () => {
  const { accountId } = await seed([
    { number: 'desconto 10%', supplierName: 'Loja A', issueDate: '2025-01-10' },
    { number: 'ref_1', supplierName: 'Loja B', issueDate: '2025-01-11' },
    { number: 'refx1', supplierName: 'Loja C', issueDate: '2025-01-12' },
  ]);
  const search = async (text: string) =>
    numbers(
      (await listInvoices(handle.db, { accountId, period: 'all', search: text, today: TODAY }))
        .items,
    );

  expect(await search('%')).toEqual(['desconto 10%']);
  expect(await search('f_1')).toEqual(['ref_1']);
});

test('pages follow each other without gaps or duplicates, across the highlighted boundary and equal timestamps', async () => {
  const rows: InvoiceOverrides[] = [];
  for (let i = 0; i < 23; i++) {
    rows.push({
      number: `n${i}`,
      issueDate: i % 3 === 0 ? '2025-02-10' : '2025-03-05',
      // Groups of four share one created_at, so the id breaks the ties.
      createdAt: createdAt(Math.floor(i / 4)),
    });
  }
  const { accountId } = await seed(rows);

  const whole = await listInvoices(handle.db, {
    accountId,
    period: 'thisMonth',
    today: TODAY,
    limit: 100,
  });
  const paged = await listAll({ accountId, period: 'thisMonth', today: TODAY, limit: 5 });

  expect(whole.items).toHaveLength(23);
  expect(paged.map((item) => item.id)).toEqual(whole.items.map((item) => item.id));
  expect(whole.items.slice(0, 8).every((item) => item.isHighlighted)).toBe(true);
  expect(whole.items.slice(8).some((item) => item.isHighlighted)).toBe(false);
});

test('a page holds 50 invoices by default and never more than 100', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  await insertInvoices(
    handle.db,
    accountId,
    Array.from({ length: 101 }, () => ({})),
  );

  const byDefault = await listInvoices(handle.db, { accountId, period: 'all', today: TODAY });
  const capped = await listInvoices(handle.db, {
    accountId,
    period: 'all',
    today: TODAY,
    limit: 1000,
  });

  expect(byDefault.items).toHaveLength(50);
  expect(byDefault.nextCursor).not.toBeNull();
  expect(capped.items).toHaveLength(100);
  expect(capped.nextCursor).not.toBeNull();
});

test("another account's invoices never appear", async () => {
  const mine = await seed([
    { number: 'minha', supplierName: 'Loja Partilhada', issueDate: '2025-02-01' },
  ]);
  const theirs = await seed([
    { number: 'alheia-1', supplierName: 'Loja Partilhada', issueDate: '2025-02-01' },
    {
      number: 'alheia-2',
      supplierName: 'Loja Partilhada',
      issueDate: '2025-03-01',
      paymentStatus: 'Paga',
    },
  ]);

  for (const period of INVOICE_PERIODS) {
    for (const search of [undefined, 'partilhada', 'fev']) {
      const items = await listAll({
        accountId: mine.accountId,
        period,
        search,
        today: TODAY,
        limit: 1,
      });
      const mineIds = new Set(mine.invoices.map((invoice) => invoice.id));
      expect(items.every((item) => mineIds.has(item.id))).toBe(true);
      expect(numbers(items).some((n) => n.startsWith('alheia'))).toBe(false);
    }
  }
  const all = await listAll({ accountId: theirs.accountId, period: 'all', today: TODAY });
  expect(numbers(all).sort()).toEqual(['alheia-1', 'alheia-2']);
});

test('a cursor this query did not issue is refused', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  const forged = Buffer.from(JSON.stringify({ h: 2, c: 'ontem', i: 'x' })).toString('base64url');

  for (const cursor of ['not-a-cursor', forged, '']) {
    await expect(
      listInvoices(handle.db, { accountId, period: 'all', today: TODAY, cursor }),
    ).rejects.toBeInstanceOf(InvalidListCursorError);
  }
});

test('every period, status set and search gives what the shared list rules select, in their order', async () => {
  const suppliers = ['Águas do Porto', 'Continente', 'EDP Comercial', 'Farmácia Central'];
  const dates = [
    '2024-11-30',
    '2024-12-15',
    '2025-01-31',
    '2025-02-13',
    '2025-02-28',
    '2025-03-01',
    '2025-03-15',
    '2025-03-20',
    '2025-04-01',
  ];
  const rows: InvoiceOverrides[] = [];
  for (let i = 0; i < 45; i++) {
    const paymentStatus = PAYMENT_STATUSES[i % 3] ?? 'Pendente';
    rows.push({
      number: `FT ${i % 2 === 0 ? 'A' : 'MAR'}/${i}`,
      supplierName: suppliers[i % suppliers.length],
      issueDate: dates[(i * 7) % dates.length],
      paymentStatus,
      isPaid: paymentStatus === 'Paga',
      // Due before, on and after TODAY, so the shown status differs from the stored one.
      dueDate: dates[(i * 5) % dates.length],
      createdAt: createdAt(Math.floor(i / 2)),
    });
  }
  const { accountId, invoices } = await seed(rows);
  const statusSets: PaymentStatus[][] = [
    [],
    ['Paga'],
    ['Pendente'],
    ['Vencida'],
    ['Paga', 'Vencida'],
    ['Pendente', 'Vencida'],
  ];

  for (const period of INVOICE_PERIODS) {
    for (const statuses of statusSets) {
      for (const search of ['', 'agua', 'mar', 'a/1', 'fev', 'bro', 'dez', 'o']) {
        const expected = sortInvoices(
          invoices.filter(
            (invoice) =>
              matchesPeriod(invoice, period, TODAY) &&
              matchesStatuses({ paymentStatus: shownStatus(invoice, TODAY) }, statuses) &&
              matchesSearch(invoice, search),
          ),
          TODAY,
        );
        const actual = await listAll({
          accountId,
          period,
          statuses,
          search,
          today: TODAY,
          limit: 4,
        });
        expect(numbers(actual), `${period} ${statuses.join('+')} '${search}'`).toEqual(
          numbers(expected),
        );
      }
    }
  }
});
