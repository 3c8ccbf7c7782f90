import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { driverClientOf, type DbHandle } from '#server/db/client.ts';
import { invoices, type Invoice } from '#server/db/schema/index.ts';
import { addDays } from '#shared/dates.ts';
import { statusAfterExpiry } from '#shared/invoice-status.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoices, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { expireOverdueInvoices, expireOverdueStatement } from './invoice-expiry.queries.ts';

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
/** The indexes the planner picks for the statement, from EXPLAIN with the real parameters. */
async function plannedIndexes(params: Parameters<typeof expireOverdueStatement>[1]) {
  const query = expireOverdueStatement(handle.db, params).toSQL();
  const driver = driverClientOf(handle);
  const explain = `explain (format json) ${query.sql}`;
  // A handful of rows would be read sequentially; the question is which index serves it.
  const run = async (client: { query: (text: string, values?: unknown[]) => Promise<unknown> }) => {
    await client.query('set enable_seqscan = off');
    try {
      return await client.query(explain, query.params);
    } finally {
      await client.query('reset enable_seqscan');
    }
  };
  const result = (await (driver.driver === 'pglite'
    ? run(driver.client)
    : (async () => {
        const client = await driver.client.connect();
        try {
          return await run(client);
        } finally {
          client.release();
        }
      })())) as { rows: Array<Record<string, unknown>> };
  const plan = JSON.stringify(result.rows);
  return new Set(plan.match(/invoices_[a-z_]+_idx/g) ?? []);
}

test('each run is planned on the partial index named for it in the schema', async () => {
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

  const manual = await plannedIndexes({ accountId, today: TODAY });
  expect(manual).toContain('invoices_account_overdue_idx');
  expect(manual).not.toContain('invoices_overdue_due_date_idx');

  const daily = await plannedIndexes({ today: TODAY });
  expect(daily).toContain('invoices_overdue_due_date_idx');
  expect(daily).not.toContain('invoices_account_overdue_idx');
});
