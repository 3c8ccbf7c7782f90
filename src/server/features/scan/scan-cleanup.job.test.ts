import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { scans, scheduledJobs } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { InvoiceDto } from '#server/features/invoices/invoice-dto.ts';
import {
  accountIdOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { photoThumbnailPath, scanPath } from '#server/services/storage/storage-path.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { keepScan } from './kept-scans.ts';
import { SCAN_CLEANUP_JOB, scanCleanupJob } from './scan-cleanup.job.ts';

// Our own storage, so the test can look at what the app and the job leave there.
const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-scan-cleanup-'));
const storage = createStorage({ root: filesDir, secret: 's'.repeat(40) });
const HOUR = 3_600_000;
let t: TestApp;
let api: InvoiceApi;
let accountId: string;
let image: Buffer;

beforeAll(async () => {
  image = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  t = await createTestApp({ storage });
  const cookie = await signUpVerified(t, 'limpeza@exemplo.pt');
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** A scan as POST /api/scan keeps it, made `createdAt` (now when omitted). */
async function scanAt(createdAt?: Date): Promise<string> {
  const scanId = await keepScan(t.db.db, storage, { accountId, image });
  if (createdAt) await t.db.db.update(scans).set({ createdAt }).where(eq(scans.id, scanId));
  return scanId;
}

async function isKept(scanId: string): Promise<{ file: boolean; row: boolean }> {
  const rows = await t.db.db
    .select()
    .from(scans)
    .where(and(eq(scans.accountId, accountId), eq(scans.id, scanId)));
  return { file: (await storage.get(scanPath(accountId, scanId))) !== null, row: rows.length > 0 };
}

/** One cleanup run on `jobStorage`, on a fresh job record, as the scheduler makes it at `now`. */
async function runCleanup(now: Date, jobStorage: Storage = storage) {
  await t.db.db.delete(scheduledJobs).where(eq(scheduledJobs.name, SCAN_CLEANUP_JOB));
  const scheduler = createScheduler({
    db: t.db.db,
    logger: pino({ level: 'silent' }),
    jobs: [scanCleanupJob({ storage: jobStorage })],
    now: () => now,
  });
  try {
    return await scheduler.runDue(SCAN_CLEANUP_JOB);
  } finally {
    await scheduler.stop();
  }
}

test('a scan older than 24 hours goes, file and row; a newer one and one made an invoice stay', async () => {
  const now = new Date();
  const old = await scanAt(new Date(now.getTime() - 25 * HOUR));
  const recent = await scanAt(new Date(now.getTime() - HOUR));
  const used = await scanAt(new Date(now.getTime() - 25 * HOUR));
  const res = await api.send('POST', '/api/invoices', invoiceBody({ scanId: used }));
  expect(res.status).toBe(201);
  const invoice: InvoiceDto = await res.json();
  const [photo = ''] = invoice.imagePaths;
  // Saving the invoice took the scan's image as its photo and left nothing of the scan.
  expect(await isKept(used)).toEqual({ file: false, row: false });

  const outcome = await runCleanup(now);

  expect(outcome).toMatchObject({
    kind: 'ran',
    result: { countsByAccount: new Map([[accountId, 1]]) },
  });
  expect(await isKept(old)).toEqual({ file: false, row: false });
  expect(await isKept(recent)).toEqual({ file: true, row: true });
  expect((await storage.get(photo))?.bytes).toEqual(image);
  expect(await storage.get(photoThumbnailPath(photo))).not.toBeNull();
  const saved: InvoiceDto = await (await api.get(`/api/invoices/${invoice.id}`)).json();
  expect(saved.imagePaths).toEqual([photo]);
});

test('a run removes what would pass 24 hours before the next run, and nothing younger', async () => {
  // At 09:25 UTC the next hourly run is at 10:20 UTC (20 past, Lisbon time is UTC in March).
  const now = new Date('2026-03-10T09:25:00Z');
  const dueBeforeNextRun = await scanAt(new Date('2026-03-09T10:19:59Z'));
  const dueAfterNextRun = await scanAt(new Date('2026-03-09T10:20:01Z'));

  expect((await runCleanup(now)).kind).toBe('ran');

  expect(await isKept(dueBeforeNextRun)).toEqual({ file: false, row: false });
  expect(await isKept(dueAfterNextRun)).toEqual({ file: true, row: true });
  await t.db.db.execute(sql`delete from scans where id = ${dueAfterNextRun}`);
});

test('an image the store cannot delete keeps its row, and the next run removes both', async () => {
  const now = new Date();
  const scanId = await scanAt(new Date(now.getTime() - 30 * HOUR));
  const refusing: Storage = {
    ...storage,
    delete: () => Promise.reject(new Error('S3 DELETE answered 503')),
  };

  expect((await runCleanup(now, refusing)).kind).toBe('failed');
  expect(await isKept(scanId)).toEqual({ file: true, row: true });

  expect((await runCleanup(now)).kind).toBe('ran');
  expect(await isKept(scanId)).toEqual({ file: false, row: false });
});
