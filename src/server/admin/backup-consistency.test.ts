// A backup is one instant of the database even while the app writes: invoices are created
// through the API (each with its supplier and its VAT lines, in one transaction) during the
// backup, and the backup holds every invoice whole — no invoice without its VAT lines, no
// line without its invoice, no invoice without its supplier — and restores to exactly the
// counts its manifest states.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { invoiceApi, invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { buildInvoice } from '#tests/factories/invoices.ts';
import { createAdminTestContext, type AdminTestContext } from './admin-test-helpers.ts';
import { backedUpRows, createEmptyTarget, readManifestFile } from './backup-test-helpers.ts';
import { restoreBackup } from './restore-command.ts';

let ctx: AdminTestContext;
const WRITES_PER_WRITER = 60;

beforeAll(async () => {
  ctx = await createAdminTestContext();
});

afterAll(() => ctx.close());

/** An invoice read from a QR code: the API writes it, its supplier and its two VAT lines. */
const qrInvoice = () =>
  invoiceBody({
    totalCents: 15_600,
    vatCents: 2_600,
    source: 'qr',
    vatBreakdown: [
      { region: 'PT', rateBand: 'normal', baseCents: 10_000, vatCents: 2_300 },
      { region: 'PT', rateBand: 'reduced', baseCents: 3_000, vatCents: 300 },
    ],
  });

test('a backup taken during a burst of invoice creations holds each invoice whole and restores to its counts', async () => {
  const { cookie, accountId } = await ctx.signedUp('rajada');
  await grantPlan(
    { db: ctx.t.db.db, events: ctx.t.events },
    { accountId, planId: 'enterprise_1000' },
  );
  // Enough rows that reading the tables takes a while: the writes land in the middle of it.
  await ctx.t.db.db.insert(invoices).values(
    Array.from({ length: 600 }, () => ({
      ...buildInvoice({ createdAt: new Date('2025-01-15T10:00:00Z') }),
      accountId,
    })),
  );
  const api = invoiceApi(ctx.t, cookie);
  const spans: [number, number][] = [];
  const failures: string[] = [];
  let wroteSome: () => void = () => {};
  const someWritten = new Promise<void>((resolve) => (wroteSome = resolve));
  const writer = async () => {
    for (let i = 0; i < WRITES_PER_WRITER; i++) {
      const start = performance.now();
      const res = await api.send('POST', '/api/invoices', qrInvoice());
      if (res.status !== 201) failures.push(`${res.status} ${await res.text()}`);
      spans.push([start, performance.now()]);
      if (spans.length === 5) wroteSome();
      // In-process requests on PGlite never leave the microtask queue; real ones arrive
      // through sockets. Without this the backup's file system calls would wait for the burst.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const writers = Promise.all([writer(), writer(), writer()]);
  await someWritten;

  const dir = path.join(ctx.tmp, 'copia-em-rajada');
  const began = performance.now();
  const backup = await ctx.run({ command: 'backup', dir });
  const ended = performance.now();
  await writers;
  expect(failures).toEqual([]);
  expect(backup).toMatchObject({ exitCode: 0, stderr: '' });
  // Writes were under way while the backup ran.
  expect(spans.some(([start, end]) => start < ended && end > began)).toBe(true);

  const rows = backedUpRows(dir, 'invoices');
  const lines = backedUpRows(dir, 'invoice_vat_lines');
  const nifs = new Set(backedUpRows(dir, 'suppliers').map((s) => s.nif));
  const fromQr = rows.filter((invoice) => invoice.has_vat_breakdown === 'true');
  expect(fromQr.length).toBeGreaterThan(0);
  // Two lines per QR invoice, each pointing at a backed-up invoice, and nothing else.
  expect(lines.length).toBe(fromQr.length * 2);
  expect(new Set(lines.map((line) => line.invoice_id))).toEqual(
    new Set(fromQr.map((invoice) => invoice.id)),
  );
  // Each invoice of the burst brought a new supplier with it (the 600 above have none): the
  // suppliers are exactly those of the invoices, neither one without the other.
  expect(nifs).toEqual(new Set(fromQr.map((invoice) => invoice.supplier_nif)));

  const manifest = readManifestFile(dir);
  const stated = (name: string) => manifest.tables.find((t) => t.name === name)?.rows;
  expect(stated('invoices')).toBe(rows.length);
  // Some invoices came before the snapshot and some after it: it was taken mid-burst.
  expect(fromQr.length).toBeGreaterThanOrEqual(5);
  expect(await ctx.t.db.db.$count(invoices)).toBeGreaterThan(rows.length);

  const target = await createEmptyTarget();
  const targetDir = mkdtempSync(path.join(tmpdir(), 'papelada-rajada-'));
  try {
    const storage = createStorage({ root: path.join(targetDir, 'files'), secret: 'r'.repeat(40) });
    const restored = await restoreBackup({ handle: target, storage, dataDir: targetDir }, dir);
    expect(restored).toMatchObject({ exitCode: 0, stderr: '' });
    expect(await target.db.$count(invoices)).toBe(stated('invoices'));
    const orphans = await target.db.execute<{ count: string }>(sql`
      select count(*)::text as count from invoices i
      where i.has_vat_breakdown
        and not exists (select 1 from invoice_vat_lines l
                        where l.account_id = i.account_id and l.invoice_id = i.id)`);
    expect(orphans.rows[0]?.count).toBe('0');
  } finally {
    await target.close();
    rmSync(targetDir, { recursive: true, force: true });
  }
}, 180_000);
