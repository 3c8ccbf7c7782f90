import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database, DbHandle } from '#server/db/client.ts';
import { invoices, type Invoice } from '#server/db/schema/index.ts';
import { addDays } from '#shared/dates.ts';
import { statusAfterExpiry } from '#shared/invoice-status.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoices, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { expireOverdueInvoices } from './invoice-expiry.queries.ts';

const TODAY = '2026-03-15';
const YESTERDAY = addDays(TODAY, -1);

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

async function seed(rows: InvoiceOverrides[]): Promise<{ accountId: string; invoices: Invoice[] }> {
  const { id: accountId } = await insertAccount(handle.db);
  return { accountId, invoices: await insertInvoices(handle.db, accountId, rows) };
}

async function stored(ids: string[]): Promise<Map<string, Invoice>> {
  const rows = await handle.db.select().from(invoices).where(inArray(invoices.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();

test('only Pendente, unpaid invoices due before today become Vencida, as statusAfterExpiry says', async () => {
  const { accountId, invoices: seeded } = await seed([
    { number: 'pendente-ontem', dueDate: YESTERDAY },
    { number: 'pendente-ha-um-ano', dueDate: addDays(TODAY, -365) },
    { number: 'pendente-hoje', dueDate: TODAY },
    { number: 'pendente-amanha', dueDate: addDays(TODAY, 1) },
    { number: 'paga-ontem', dueDate: YESTERDAY, paymentStatus: 'Paga', isPaid: true },
    { number: 'vencida-ontem', dueDate: YESTERDAY, paymentStatus: 'Vencida' },
    // Inconsistent, but a paid flag is never overruled by the job.
    { number: 'pendente-com-pago', dueDate: YESTERDAY, isPaid: true },
  ]);

  const expired = await expireOverdueInvoices(handle.db, { accountId, today: TODAY });

  const byNumber = new Map(seeded.map((row) => [row.number, row]));
  const expected = ['pendente-ontem', 'pendente-ha-um-ano'].map((n) => byNumber.get(n)?.id);
  expect(ids(expired)).toEqual(expected.sort());
  expect(expired.every((row) => row.accountId === accountId)).toBe(true);
  const after = await stored(ids(seeded));
  for (const before of seeded) {
    expect(after.get(before.id)?.paymentStatus, before.number).toBe(
      statusAfterExpiry(before, TODAY),
    );
  }
});

test('an expired invoice gets a new updated_at and keeps its other fields', async () => {
  const longAgo = new Date('2026-01-01T10:00:00Z');
  const { accountId, invoices: seeded } = await seed([
    { dueDate: YESTERDAY, updatedAt: longAgo, notes: 'nota' },
  ]);
  await expireOverdueInvoices(handle.db, { accountId, today: TODAY });
  const [after] = (await stored(ids(seeded))).values();
  expect(after?.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
  expect(after).toMatchObject({ paymentStatus: 'Vencida', notes: 'nota', isPaid: false });
});

test("the manual run changes one account's invoices and leaves the other accounts' alone", async () => {
  const mine = await seed([{ dueDate: YESTERDAY }]);
  const theirs = await seed([{ dueDate: YESTERDAY }]);

  const expired = await expireOverdueInvoices(handle.db, {
    accountId: mine.accountId,
    today: TODAY,
  });

  expect(expired).toEqual([{ accountId: mine.accountId, id: mine.invoices[0]?.id }]);
  const [other] = await handle.db
    .select({ paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(eq(invoices.accountId, theirs.accountId));
  expect(other?.paymentStatus).toBe('Pendente');
});

test('the run across all accounts expires every account and names the account of each invoice', async () => {
  const first = await seed([{ dueDate: YESTERDAY }, { dueDate: addDays(TODAY, -10) }]);
  const second = await seed([{ dueDate: YESTERDAY }, { dueDate: TODAY }]);

  const expired = await expireOverdueInvoices(handle.db, { today: TODAY });

  const forAccount = (accountId: string) => expired.filter((row) => row.accountId === accountId);
  expect(ids(forAccount(first.accountId))).toEqual(ids(first.invoices));
  expect(ids(forAccount(second.accountId))).toEqual([second.invoices[0]?.id]);
  // Whatever earlier tests left overdue is gone too: a second run finds nothing.
  expect(await expireOverdueInvoices(handle.db, { today: TODAY })).toEqual([]);
});

/** idx_scan of the invoices indexes after `run`, minus before (forced flush of the stats). */
async function indexScans(run: (db: Database) => Promise<unknown>): Promise<Map<string, number>> {
  const read = async () => {
    const result = await handle.db.execute<{ name: string; scans: number }>(
      sql`select indexrelname as name, idx_scan::int as scans from pg_stat_user_indexes where relname = 'invoices'`,
    );
    return new Map(result.rows.map((row) => [row.name, row.scans]));
  };
  const before = await read();
  await handle.db.transaction(async (tx) => {
    // A handful of rows would be read sequentially; the question is which index serves it.
    await tx.execute(sql`set local enable_seqscan = off`);
    await run(tx);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
  const after = await read();
  return new Map([...after].map(([name, scans]) => [name, scans - (before.get(name) ?? 0)]));
}

test('each run reads the partial index named for it in the schema', async () => {
  // As with real data: many overdue rows in other accounts, and an account whose invoices
  // are mostly paid, so neither a scan of all overdue rows nor of all the account's rows is
  // the cheap way to its few overdue ones.
  const pastDays = (count: number, overrides: InvoiceOverrides = {}) =>
    Array.from({ length: count }, (_, day) => ({
      dueDate: addDays(TODAY, -1 - day),
      ...overrides,
    }));
  await seed(pastDays(300));
  const { accountId } = await seed([
    ...pastDays(300, { paymentStatus: 'Paga', isPaid: true }),
    { dueDate: YESTERDAY },
    { dueDate: addDays(TODAY, 5) },
  ]);
  await handle.db.execute(sql`analyze invoices`);

  const manual = await indexScans((db) => expireOverdueInvoices(db, { accountId, today: TODAY }));
  expect(manual.get('invoices_account_overdue_idx')).toBeGreaterThan(0);
  expect(manual.get('invoices_overdue_due_date_idx')).toBe(0);

  const daily = await indexScans((db) => expireOverdueInvoices(db, { today: TODAY }));
  expect(daily.get('invoices_overdue_due_date_idx')).toBeGreaterThan(0);
  expect(daily.get('invoices_account_overdue_idx')).toBe(0);
});
