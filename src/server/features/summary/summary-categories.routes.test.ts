import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { newSummaryAccount, summaryOf } from './summary-test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

test('spending by category follows the supplier, a supplier without one counts as Outras Despesas Pessoais', async () => {
  const account = await newSummaryAccount(t);
  const { accountId } = account;
  await insertCustomCategory(t.db.db, accountId, {
    name: 'Ginásio',
    iconName: 'dumbbell',
    color: 'pink',
  });
  const health = await insertSupplier(t.db.db, accountId, { category: 'Saúde e Bem-estar' });
  const created = await insertSupplier(t.db.db, accountId, { category: 'Outros' });
  const gym = await insertSupplier(t.db.db, accountId, { category: 'ginásio' });
  const unassigned = await insertSupplier(t.db.db, accountId, { category: null });
  await insertInvoices(t.db.db, accountId, [
    { issueDate: '2025-05-02', supplierNif: health.nif, totalCents: 300 },
    { issueDate: '2025-05-03', supplierNif: health.nif, totalCents: 50, documentType: 'NC' },
    { issueDate: '2025-05-04', supplierNif: created.nif, totalCents: 200 },
    { issueDate: '2025-05-05', supplierNif: gym.nif, totalCents: 400 },
    { issueDate: '2025-05-06', supplierNif: unassigned.nif, totalCents: 60 },
    // A NIF the account has no supplier for.
    { issueDate: '2025-05-07', supplierNif: nextNif(), totalCents: 40 },
  ]);
  const summary = await summaryOf(account, 2025, 5);
  expect(summary.byCategory.map(({ percentage: _p, ...rest }) => rest)).toEqual([
    { name: 'Ginásio', icon: 'dumbbell', color: 'pink', amountCents: 400, count: 1 },
    {
      name: 'Outras Despesas Pessoais',
      icon: 'ellipsis',
      color: 'slate',
      amountCents: 300,
      count: 3,
    },
    { name: 'Saúde e Bem-estar', icon: 'heart-pulse', color: 'red', amountCents: 250, count: 2 },
  ]);
  expect(summary.byCategory[0]?.percentage).toBeCloseTo((400 / 950) * 100, 6);
});

test('a supplier is named as the account named it, not as one invoice spelled it', async () => {
  const account = await newSummaryAccount(t);
  const supplier = await insertSupplier(t.db.db, account.accountId, { name: 'Farmácia Lopes' });
  await insertInvoices(t.db.db, account.accountId, [
    { issueDate: '2025-05-02', supplierNif: supplier.nif, supplierName: 'FARMACIA LOPES LDA' },
  ]);
  const summary = await summaryOf(account, 2025, 5);
  expect(summary.bySupplier).toEqual([
    { nif: supplier.nif, name: 'Farmácia Lopes', amountCents: 12_300, count: 1, percentage: 100 },
  ]);
});
