import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { foldForSearch } from '#shared/invoice-search.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import type { DbHandle } from './client.ts';
import { migrateDb, MIGRATIONS_FOLDER } from './migrate.ts';
import { accounts, customCategories, invoices, subscriptions, suppliers } from './schema/index.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/** The constraint a failing statement violated (drizzle wraps the driver error as `cause`). */
async function violatedConstraint(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause && typeof cause === 'object' && 'constraint' in cause)
      return String(cause.constraint);
    throw error;
  }
  throw new Error('the statement succeeded');
}

test('migrating an up-to-date database changes nothing', async () => {
  await migrateDb(handle);
  const result = await handle.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  expect(result.rows).toEqual([{ count: journal.entries.length }]);
});

test('the database refuses values outside the domain sets', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  const invoice = await insertInvoice(handle.db, accountId);
  const setRaw = (column: string, value: string) =>
    handle.db.execute(
      sql`update invoices set ${sql.identifier(column)} = ${value} where id = ${invoice.id}`,
    );

  expect(await violatedConstraint(setRaw('payment_status', 'Pago'))).toBe(
    'invoices_payment_status_check',
  );
  expect(await violatedConstraint(setRaw('document_type', 'XX'))).toBe(
    'invoices_document_type_check',
  );
  expect(await violatedConstraint(setRaw('payment_method', 'Cheque'))).toBe(
    'invoices_payment_method_check',
  );
  expect(
    await violatedConstraint(
      handle.db.insert(subscriptions).values({
        accountId,
        planId: sql`'gold'`, // bypasses the PlanId type on purpose: the CHECK must refuse it
        status: 'active',
      }),
    ),
  ).toBe('subscriptions_plan_id_check');
});

test('a credit note is stored with positive amounts like any other document', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  expect(
    await violatedConstraint(
      insertInvoice(handle.db, accountId, { documentType: 'NC', totalCents: -500 }),
    ),
  ).toBe('invoices_amounts_positive_check');
});

test('a supplier NIF is unique within an account, not across accounts', async () => {
  const first = await insertAccount(handle.db);
  const second = await insertAccount(handle.db);
  await insertSupplier(handle.db, first.id, { nif: '501234560' });

  await expect(insertSupplier(handle.db, second.id, { nif: '501234560' })).resolves.toMatchObject({
    accountId: second.id,
  });
  expect(await violatedConstraint(insertSupplier(handle.db, first.id, { nif: '501234560' }))).toBe(
    'suppliers_account_id_nif_unique',
  );
});

test('custom category names are unique per account whatever the letter case', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  const category = { accountId, iconName: 'tag', color: 'blue' as const };
  await handle.db.insert(customCategories).values({ ...category, name: 'Ginásio' });

  expect(
    await violatedConstraint(
      handle.db.insert(customCategories).values({ ...category, name: 'GINÁSIO' }),
    ),
  ).toBe('custom_categories_account_name_unique');
});

test('deleting an account deletes everything it owns', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  await insertInvoice(handle.db, accountId);
  await insertSupplier(handle.db, accountId);

  await handle.db.delete(accounts).where(eq(accounts.id, accountId));

  expect(await handle.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toEqual(
    [],
  );
  expect(
    await handle.db.select().from(suppliers).where(eq(suppliers.accountId, accountId)),
  ).toEqual([]);
});

test('search_text folds the supplier name and the number like the shared search', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  const samples = [
    ['Águas do Porto, EM', 'FT 2025/1'],
    ['  PADARIA   São João ', 'FS\tA/9'],
    ['Farmácia Conceição & Irmãos', 'NC Ç/1'],
    ['ÉLÉCTRICA ÍNDIA ÓPTICA ÚNICA', 'ft  x'],
  ] as const;

  for (const [supplierName, number] of samples) {
    // The issue month is searched on issue_date itself (ADR 016), not in this text.
    const invoice = await insertInvoice(handle.db, accountId, {
      supplierName,
      number,
      issueDate: '2025-03-10',
    });
    expect(invoice.searchText).toBe(`${foldForSearch(supplierName)}\n${foldForSearch(number)}`);
  }
});

test('updated_at moves forward when a row is updated through drizzle', async () => {
  const { id: accountId } = await insertAccount(handle.db);
  const invoice = await insertInvoice(handle.db, accountId, {
    updatedAt: new Date('2020-01-01T00:00:00Z'),
  });

  const [updated] = await handle.db
    .update(invoices)
    .set({ notes: 'Pago por transferência' })
    .where(eq(invoices.id, invoice.id))
    .returning();

  expect(updated?.updatedAt.getTime()).toBeGreaterThan(invoice.updatedAt.getTime());
});
