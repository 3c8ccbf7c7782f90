import { expect, test } from 'vitest';
import { ACCOUNT_TABLES, isSecretColumn } from './account-tables.ts';

test('credentials are left out of an export by their column name, whichever table has them', () => {
  for (const name of ['password', 'access_token', 'refresh_token', 'id_token', 'token_hash']) {
    expect(isSecretColumn(name), name).toBe(true);
  }
  for (const name of ['access_token_expires_at', 'email', 'total_cents', 'image_paths']) {
    expect(isSecretColumn(name), name).toBe(false);
  }
});

test('every account table is found from the schema, each with its primary key to page along', () => {
  const names = ACCOUNT_TABLES.map((t) => t.name);
  for (const name of ['invoices', 'suppliers', 'profiles', 'subscriptions', 'scans']) {
    expect(names).toContain(name);
  }
  for (const { name, table, keyColumns } of ACCOUNT_TABLES) {
    expect(keyColumns.length, name).toBeGreaterThan(0);
    // The table's own column objects: the paging query compares and orders by them.
    const own = Object.values(table).filter((value) => keyColumns.includes(value));
    expect(own.length, name).toBe(keyColumns.length);
  }
});
