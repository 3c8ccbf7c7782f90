// The list's substring search is served by the trigram index (ADR 013): with many invoices in
// the account, a search matching nothing or a few rows is planned on
// invoices_search_text_trgm_idx instead of reading the whole account in created_at order, and a
// month name on the issue month index (ADR 016). Planned as the app plans them: as the role
// row-level security binds, in the account's context (ADR 027), where a condition is an index
// condition only when its functions are LEAKPROOF (migration 0018).
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withAccount } from '#server/db/account-context.ts';
import { driverClientOf, useAppRole, type Database, type DbHandle } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { listInvoices } from './invoices.queries.ts';

const TODAY = '2026-03-15';
const INVOICES = 20_000;
const SUPPLIERS = 200;

let handle: DbHandle;
let accountId: string;
beforeAll(async () => {
  handle = await createTestDb();
  ({ id: accountId } = await insertAccount(handle.db));
  // Set-based, like the benchmark's seed: 200 suppliers "Fornecedor <n> Lda", one of them
  // ('Drogaria Rara') with only ten invoices, spread over three years.
  await handle.db.execute(sql`
    insert into invoices (account_id, number, supplier_name, supplier_nif, issue_date, due_date,
      total_cents, payment_status, is_paid, created_at)
    select ${accountId}, 'FT ' || i,
      case when i % 2000 = 7 then 'Drogaria Rara' else 'Fornecedor ' || (i % ${SUPPLIERS}) || ' Lda' end,
      lpad(((i % ${SUPPLIERS}) + 500000000)::text, 9, '0'),
      date '2023-03-01' + (i % 1000), date '2023-03-31' + (i % 1000), 1000 + i,
      case when i % 3 = 0 then 'Pendente' else 'Paga' end, i % 3 <> 0,
      timestamptz '2023-03-01' + i * interval '1 hour'
    from generate_series(1, ${INVOICES}) as i`);
  await handle.db.execute(sql`analyze invoices`);
  expect(await useAppRole(handle)).toBe(true);
}, 60_000);
afterAll(async () => {
  await handle.close();
});

/** A drizzle on the same connection that records the statements listInvoices sends. */
function recordingDb(statements: Array<{ sql: string; params: unknown[] }>): Database {
  const logger: Logger = { logQuery: (text, params) => statements.push({ sql: text, params }) };
  const driver = driverClientOf(handle);
  const config = { schema, casing: 'snake_case', logger } as const;
  return driver.driver === 'pglite'
    ? drizzlePglite({ client: driver.client, ...config })
    : drizzleNodePg({ client: driver.client, ...config });
}

async function explain(statement: { sql: string; params: unknown[] }): Promise<string> {
  const driver = driverClientOf(handle);
  const text = `explain (format json) ${statement.sql}`;
  const result =
    driver.driver === 'pglite'
      ? await driver.client.query(text, statement.params)
      : await driver.client.query(text, statement.params);
  return JSON.stringify(result.rows);
}

function searchPlan(search: string) {
  return withAccount(accountId, () => planOfSearch(search));
}

async function planOfSearch(search: string) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const result = await listInvoices(recordingDb(statements), {
    accountId,
    period: 'all',
    search,
    today: TODAY,
  });
  const [statement] = statements;
  if (!statement) throw new Error('listInvoices sent no statement');
  return { result, plan: await explain(statement) };
}

test('a search matching nothing is planned on the trigram index', async () => {
  const { result, plan } = await searchPlan('inexistente');
  expect(result.items).toEqual([]);
  expect(plan).toContain('invoices_search_text_trgm_idx');
});

test('a search matching a few invoices is planned on the trigram index and finds them all', async () => {
  const { result, plan } = await searchPlan('drogaria rara');
  expect(result.items).toHaveLength(INVOICES / 2000);
  expect(result.items.every((row) => row.supplierName === 'Drogaria Rara')).toBe(true);
  expect(plan).toContain('invoices_search_text_trgm_idx');
});

test("a month's name reads that month's invoices in order through the month index (ADR 016)", async () => {
  const { result, plan } = await searchPlan('janeiro');
  expect(result.items).toHaveLength(50);
  expect(result.items.every((row) => row.issueDate.slice(5, 7) === '01')).toBe(true);
  expect(plan).toContain('invoices_account_issue_month_created_idx');
  // The name and number matches of the other months still go through the trigram index.
  expect(plan).toContain('invoices_search_text_trgm_idx');
});
