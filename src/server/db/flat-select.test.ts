import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { prepareFlatSelect } from './flat-select.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

test('rows come out as drizzle maps them: dates, timestamps, bigints, jsonb, booleans, nulls', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  await insertInvoices(handle.db, accountId, [
    {
      number: 'FT A/1',
      totalCents: 9_007_199_254_740,
      imagePaths: ['a/b.jpg', 'c/d.jpg'],
      notes: null,
      isPaid: true,
      paymentStatus: 'Paga',
      paymentMethod: 'Cartão',
      createdAt: new Date(Date.UTC(2025, 2, 1, 12, 30, 15, 123)),
    },
    { number: 'FT A/2', notes: 'Linha 1\nLinha «2»', atcud: null, buyerNifClear: null },
  ]);
  const { searchText: _searchText, ...columns } = getTableColumns(invoices);
  const selection = { ...columns, flag: sql<boolean>`true`.as('flag') };
  const query = handle.db
    .select(selection)
    .from(invoices)
    .where(eq(invoices.accountId, sql.placeholder('accountId')))
    .orderBy(invoices.number);

  const fast = await prepareFlatSelect(handle.db, query, selection).execute({ accountId });
  const drizzle = await query.prepare('').execute({ accountId });

  expect(fast).toHaveLength(2);
  expect(fast).toEqual(drizzle);
  const [first] = fast;
  expect(first?.createdAt).toBeInstanceOf(Date);
  expect(first?.createdAt.toISOString()).toBe('2025-03-01T12:30:15.123Z');
  expect(first?.totalCents).toBe(9_007_199_254_740);
  expect(first?.imagePaths).toEqual(['a/b.jpg', 'c/d.jpg']);
  expect(first?.flag).toBe(true);
});
