// Row-level security, the second wall (issue 19 point 2, ADR 027), on PGlite and — with
// TEST_DATABASE_URL — on PostgreSQL:
//   - every table with an account_id column has the policy, RLS enabled and forced, unless it is
//     in the exemption list below with its reason: a new account-owned table without RLS fails;
//   - inside an account's context a query without its account filter returns that account's
//     rows and nothing of another's, in a transaction too, with other accounts' statements
//     interleaved on the same connection; writes to another account's rows are refused;
//   - the request scope puts every statement of a signed-in request in its account's context.
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestScope, type ScopeEnv } from '#server/features/auth/request-scope.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { buildInvoice, insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { acrossAccounts, asOwner, withAccount } from './account-context.ts';
import { APP_ROLE, useAppRole, type DbHandle } from './client.ts';
import { customCategories, invoices, suppliers } from './schema/index.ts';

/**
 * Tables with an account_id column that are not walled, and why. Anything else with the column
 * must carry the policy (the first test).
 */
const EXEMPT: Record<string, string> = {
  // Better Auth's: its account_id is the sign-in provider's id of the user, not a tenant.
  auth_identities: "Better Auth's column: the provider's id of the user, not our account",
  // The row behind the team cookie belongs to the browser's sign-in (auth session): it is read
  // by its token before any account is known, and account_id is where it acts, not its owner.
  team_sessions: 'looked up by token before the account is known; account_id is its target',
};

/** Walled by a column other than account_id. */
const WALLED_BY_OTHER_COLUMN: Record<string, string> = { accounts: 'id' };

type TableRls = {
  table: string;
  rowSecurity: boolean;
  forced: boolean;
  using: string | null;
  withCheck: string | null;
};

async function rlsOfTables(handle: DbHandle, where: ReturnType<typeof sql>): Promise<TableRls[]> {
  const { rows } = await handle.db.execute<TableRls>(sql`
    select c.relname as "table", c.relrowsecurity as "rowSecurity",
      c.relforcerowsecurity as "forced",
      pg_get_expr(p.polqual, p.polrelid) as "using",
      pg_get_expr(p.polwithcheck, p.polrelid) as "withCheck"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    left join pg_policy p on p.polrelid = c.oid and p.polname = 'account_isolation'
    where c.relkind in ('r', 'p') and ${where}
    order by c.relname`);
  return rows;
}

/** The policy's expression names the account column and the session's account. */
function isWalledBy(row: TableRls, column: string): boolean {
  const names = (expression: string | null) =>
    expression !== null &&
    expression.includes('papelada_current_account_id()') &&
    new RegExp(`\\b${column}\\b = `).test(expression);
  return row.rowSecurity && row.forced && names(row.using) && names(row.withCheck);
}

/** Drizzle wraps the driver's error ("Failed query: …"): the database's reason is its cause. */
async function expectRefusedByPolicy(statement: PromiseLike<unknown>): Promise<void> {
  const error: unknown = await Promise.resolve(statement).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'the statement was accepted').toBeInstanceOf(Error);
  const cause = (error as Error).cause;
  expect(cause instanceof Error ? cause.message : String(error)).toMatch(
    /new row violates row-level security policy/,
  );
}

let handle: DbHandle;
let a: string;
let b: string;

beforeAll(async () => {
  handle = await createTestDb();
  expect(await useAppRole(handle)).toBe(true);
  const db = handle.db;
  a = (await insertAccount(db)).id;
  b = (await insertAccount(db)).id;
  for (const accountId of [a, b]) {
    await insertSupplier(db, accountId);
    await insertCustomCategory(db, accountId);
    await insertInvoice(db, accountId);
    await insertInvoice(db, accountId);
  }
});
afterAll(async () => {
  await handle?.close();
});

describe('the catalog', () => {
  test('every table with an account_id column is walled, unless exempt with a reason', async () => {
    const tables = await rlsOfTables(
      handle,
      sql`exists (select 1 from pg_attribute a where a.attrelid = c.oid
        and a.attname = 'account_id' and a.attnum > 0 and not a.attisdropped)`,
    );
    expect(tables.length).toBeGreaterThan(15);
    const unwalled = tables
      .filter((row) => !(row.table in EXEMPT) && !isWalledBy(row, 'account_id'))
      .map((row) => row.table);
    expect(unwalled, 'account-owned tables without RLS (call papelada_enable_account_rls)').toEqual(
      [],
    );
    // The exemptions name tables that exist, and only those left without the policy.
    const names = tables.map((row) => row.table);
    expect(Object.keys(EXEMPT).filter((table) => !names.includes(table))).toEqual([]);
    expect(tables.filter((row) => row.table in EXEMPT && row.rowSecurity)).toEqual([]);
  });

  test('the tenant table is walled by its id', async () => {
    for (const [table, column] of Object.entries(WALLED_BY_OTHER_COLUMN)) {
      const [row] = await rlsOfTables(handle, sql`c.relname = ${table}`);
      expect(row && isWalledBy(row, column), table).toBe(true);
    }
  });

  test('the app role owns nothing and cannot bypass RLS', async () => {
    const { rows } = await handle.db.execute<{ bypass: boolean; superuser: boolean }>(
      sql`select rolbypassrls as bypass, rolsuper as superuser from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(rows).toEqual([{ bypass: false, superuser: false }]);
    const owned = await handle.db.execute(
      sql`select 1 from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${APP_ROLE}`,
    );
    expect(owned.rows).toEqual([]);
  });
});

describe("inside an account's context", () => {
  const accountsOf = (rows: { accountId: string }[]) => [...new Set(rows.map((r) => r.accountId))];
  const selectAll = () => ({
    invoices: handle.db.select({ accountId: invoices.accountId }).from(invoices),
    suppliers: handle.db.select({ accountId: suppliers.accountId }).from(suppliers),
    categories: handle.db.select({ accountId: customCategories.accountId }).from(customCategories),
  });

  test('a query without its account filter returns only that account’s rows', async () => {
    // System work (no context) sees both accounts: the rows are there to be leaked.
    const all = selectAll();
    expect(accountsOf(await all.invoices).sort()).toEqual([a, b].sort());
    await withAccount(a, async () => {
      const mine = selectAll();
      expect(await mine.invoices).toEqual([{ accountId: a }, { accountId: a }]);
      expect(accountsOf(await mine.suppliers)).toEqual([a]);
      expect(accountsOf(await mine.categories)).toEqual([a]);
      // Even asked for by id.
      const other = await handle.db.select().from(invoices).where(eq(invoices.accountId, b));
      expect(other).toEqual([]);
    });
  });

  test('as the app role, and as the owner only when asked', async () => {
    const currentUser = async () =>
      (await handle.db.execute<{ user: string }>(sql`select current_user as "user"`)).rows[0]?.user;
    expect(await withAccount(a, currentUser)).toBe(APP_ROLE);
    expect(await currentUser()).toBe(APP_ROLE);
    expect(await asOwner(currentUser)).not.toBe(APP_ROLE);
  });

  test('in a transaction too', async () => {
    const rows = await withAccount(b, () =>
      handle.db.transaction((tx) => tx.select({ accountId: invoices.accountId }).from(invoices)),
    );
    expect(accountsOf(rows)).toEqual([b]);
  });

  test("with other accounts' statements interleaved on the connections", async () => {
    const read = (accountId: string) =>
      withAccount(accountId, async () =>
        accountsOf(await handle.db.select({ accountId: invoices.accountId }).from(invoices)),
      );
    const readInTransaction = (accountId: string) =>
      withAccount(accountId, () =>
        handle.db.transaction(async (tx) =>
          accountsOf(await tx.select({ accountId: invoices.accountId }).from(invoices)),
        ),
      );
    const order = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? b : a));
    const results = await Promise.all(
      order.map((accountId, i) =>
        i % 5 === 0
          ? readInTransaction(accountId)
          : i % 7 === 0
            ? acrossAccounts(() => read(accountId))
            : read(accountId),
      ),
    );
    expect(results).toEqual(order.map((accountId) => [accountId]));
    // And back to every account outside a context.
    const after = accountsOf(
      await handle.db.select({ accountId: invoices.accountId }).from(invoices),
    );
    expect(after.sort()).toEqual([a, b].sort());
  });

  test("another account's rows are refused to insert, update and delete", async () => {
    const [bInvoice] = await handle.db.select().from(invoices).where(eq(invoices.accountId, b));
    if (!bInvoice) throw new Error('no invoice of B');
    await withAccount(a, async () => {
      await expectRefusedByPolicy(
        handle.db.insert(invoices).values({ ...buildInvoice(), accountId: b }),
      );
      const updated = await handle.db
        .update(invoices)
        .set({ notes: 'de A' })
        .where(and(eq(invoices.accountId, b), eq(invoices.id, bInvoice.id)))
        .returning();
      expect(updated).toEqual([]);
      const deleted = await handle.db
        .delete(invoices)
        .where(eq(invoices.id, bInvoice.id))
        .returning();
      expect(deleted).toEqual([]);
      // Nor can one of A's rows be handed to B.
      await expectRefusedByPolicy(
        handle.db.update(invoices).set({ accountId: b }).where(eq(invoices.accountId, a)),
      );
    });
    const [after] = await handle.db.select().from(invoices).where(eq(invoices.id, bInvoice.id));
    expect(after).toEqual(bInvoice);
  });
});

describe('a signed-in request', () => {
  test('runs its statements as its account: a handler without the filter sees only its rows', async () => {
    const signedIn = await createTestApp({ db: handle, plan: 'free' });
    try {
      await insertInvoice(handle.db, signedIn.accountId, { notes: 'minha' });
      // A handler behind the app's request scope that forgot its account filter.
      const app = new Hono<ScopeEnv>()
        .use(requestScope({ auth: signedIn.auth, db: handle.db }))
        .get('/all', async (c) =>
          c.json(await handle.db.select({ accountId: invoices.accountId }).from(invoices)),
        );
      const response = await app.request('/all', { headers: { cookie: signedIn.cookie } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ accountId: signedIn.accountId }]);
    } finally {
      await signedIn.close();
    }
  });
});
