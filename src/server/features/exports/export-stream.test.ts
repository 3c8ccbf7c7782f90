import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { todayInLisbon } from '#shared/dates.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { streamExport } from './export-stream.ts';

const today = todayInLisbon();

test('the rows are read as the client takes them, and a failure mid-way cuts the download off instead of ending it', async () => {
  const db = await createTestDb();
  const account = await insertAccount(db.db);
  // Two pages of the export (1 000 rows a page), inserted by one statement.
  await db.db.execute(sql`
      insert into invoices (account_id, number, supplier_name, issue_date, due_date, total_cents, notes)
      select ${account.id}, 'N' || g, 'Fornecedor', current_date, current_date, 100, repeat('x', 150)
      from generate_series(1, 1100) g`);
  const logged: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
  const body = streamExport({
    db: db.db,
    logger,
    format: 'csv',
    filters: { accountId: account.id, period: 'all', today },
  });
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const first = await reader.read();
  if (first.value) chunks.push(first.value);
  // The first page waits in the stream while nobody reads; then the database goes away.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await db.close();

  const rest = (async () => {
    for (;;) {
      const next = await reader.read();
      if (next.done) return 'ended';
      chunks.push(next.value);
    }
  })();
  await expect(rest).rejects.toThrow();
  // The header and the first page went out, then the stream failed instead of ending.
  const lines = Buffer.concat(chunks).toString('utf8').split('\r\n').length - 1;
  expect(lines).toBe(1 + 1_000);
  expect(logged.join('')).toContain('export failed mid-stream');
}, 60_000);
