// The spreadsheet feed's caching, rate limit and records (issue 17 point 2, ADR 022): a short
// private max-age and an ETag that a change of the data moves, HEAD, the last read, 30 reads per
// account in 5 minutes, and no token in the logs.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, expect, test } from 'vitest';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import type { SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import type { RevealedFeedDto } from './feed-dto.ts';
import { FEED_RATE_RULE } from './feed.routes.ts';
import { createFeed, feedAccount, feedRows, numbersOf, readFeed } from './feed-test-helpers.ts';

const db = await createTestDb();
const apps: SignedInTestApp[] = [];

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

async function account(options: Parameters<typeof feedAccount>[1] = {}) {
  const t = await feedAccount(db, options);
  apps.push(t);
  return t;
}

test('private short caching with an ETag: 304 until an invoice or a supplier changes', async () => {
  const t = await account();
  const [invoice] = await insertInvoices(db.db, t.accountId, [
    { number: 'CACHE 1' },
    { number: 'CACHE 2' },
  ]);
  const supplier = await insertSupplier(db.db, t.accountId, { name: 'Antes' });
  const feed = await createFeed(t);
  const first = await readFeed(t, feed.paths.sheets);
  expect(first.headers.get('cache-control')).toBe('private, max-age=60');
  expect(first.headers.get('x-robots-tag')).toBe('noindex');
  let etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^W\/".+"$/);
  await first.arrayBuffer();

  const again = await readFeed(t, feed.paths.sheets, { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe('private, max-age=60');
  expect(await again.text()).toBe('');
  // The other format and another period are other documents.
  const excel = await readFeed(t, feed.paths.excel, { 'if-none-match': etag });
  expect(excel.status).toBe(200);
  await excel.arrayBuffer();

  /** Each change makes the old ETag stale: 200 with a new one. */
  const expectChanged = async (change: () => Promise<unknown>) => {
    await change();
    const res = await readFeed(t, feed.paths.sheets, { 'if-none-match': etag });
    expect(res.status).toBe(200);
    const next = res.headers.get('etag') ?? '';
    expect(next).not.toBe(etag);
    etag = next;
    return feedRows(res);
  };
  await expectChanged(() => insertInvoices(db.db, t.accountId, [{ number: 'CACHE 3' }]));
  await expectChanged(() =>
    db.db
      .update(invoices)
      .set({ notes: 'editada' })
      .where(eq(invoices.id, invoice?.id ?? '')),
  );
  const afterDelete = await expectChanged(() =>
    db.db.delete(invoices).where(eq(invoices.id, invoice?.id ?? '')),
  );
  expect(numbersOf(afterDelete).sort()).toEqual(['CACHE 2', 'CACHE 3']);
  await expectChanged(() =>
    db.db.update(suppliers).set({ name: 'Depois' }).where(eq(suppliers.id, supplier.id)),
  );
});

test('HEAD answers the headers alone', async () => {
  const t = await account();
  const feed = await createFeed(t);
  const res = await t.app.request(feed.paths.sheets, { method: 'HEAD' });
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toMatch(/^W\//);
  expect(await res.text()).toBe('');
});

test('a read is recorded as the secret’s last use', async () => {
  const t = await account();
  const feed = await createFeed(t);
  const before = await t.client.api.integrations.feed.$get();
  expect((await before.json()).feed?.lastUsedAt).toBeNull();
  await (await readFeed(t, feed.paths.sheets)).arrayBuffer();
  const after = await (await t.client.api.integrations.feed.$get()).json();
  expect(after.feed?.lastUsedAt).not.toBeNull();
});

test('a read past the limit within the window is refused 429 with Retry-After, per account', async () => {
  const t = await account();
  const feed = await createFeed(t);
  for (let i = 0; i < FEED_RATE_RULE.max; i++) {
    const res = await readFeed(t, feed.paths.sheets);
    expect(res.status, `read ${i + 1}`).toBe(200);
    await res.arrayBuffer();
  }
  const refused = await readFeed(t, feed.paths.sheets);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({
    error: {
      code: 'FEED_RATE_LIMITED',
      message: 'Demasiados pedidos a este endereço de feed. Tente novamente em 5 minutos.',
    },
  });
  // A rotation does not start the count again: the limit is the account's.
  const rotated = (await (
    await t.client.api.integrations.feed.rotate.$post()
  ).json()) as RevealedFeedDto;
  expect((await readFeed(t, rotated.paths.sheets)).status).toBe(429);
  // Other accounts read on.
  const other = await account();
  expect((await readFeed(other, (await createFeed(other)).paths.sheets)).status).toBe(200);
});

test('the log line of a feed read does not hold its token', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const t = await account({ logger: pino({ level: 'info' }, sink) });
  const feed = await createFeed(t);
  await (await readFeed(t, feed.paths.sheets)).arrayBuffer();
  expect((await readFeed(t, `/api/feed/${'B'.repeat(43)}/faturas.csv`)).status).toBe(404);
  const logged = lines.join('');
  expect(logged).toContain('/api/feed/[redacted]/faturas.csv');
  expect(logged).not.toContain(feed.token);
  expect(logged).not.toContain('B'.repeat(43));
});
