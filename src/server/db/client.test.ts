import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { accounts } from './schema/index.ts';

const tempRoot = mkdtempSync(path.join(tmpdir(), 'papelada-db-'));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

test('PGlite keeps its data under a data dir that did not exist, across restarts', async () => {
  const dataDir = path.join(tempRoot, 'nested', 'data');

  const first = await createDb({ dataDir });
  expect(first.driver).toBe('pglite');
  await migrateDb(first);
  const account = await insertAccount(first.db);
  await first.close();

  const second = await createDb({ dataDir });
  try {
    await migrateDb(second);
    await expect(second.ping()).resolves.toBeUndefined();
    expect((await second.db.select().from(accounts)).map((row) => row.id)).toEqual([account.id]);
  } finally {
    await second.close();
  }
});
