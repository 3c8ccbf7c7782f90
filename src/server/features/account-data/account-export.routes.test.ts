// GET /api/account-data/export: the account's whole data in one streamed ZIP — every row in
// account.json and every stored file under files/, read back with a real unzip and compared
// with the database and the store; another account's rows and files never in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authIdentities, invoices } from '#server/db/schema/index.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, LOOPBACK_ENV, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { eq } from 'drizzle-orm';
import { seedAccount, webRequest } from './account-data-test-helpers.ts';
import { readZip } from './zip-test-helpers.ts';
import { ACCOUNT_TABLES } from './account-tables.ts';

type Exported = {
  format: string;
  version: number;
  accountId: string;
  email: string;
  tables: Record<string, Array<Record<string, unknown>>>;
  files: Array<{ path: string; file: string | null; contentType: string | null; bytes: number }>;
};

const db = await createTestDb();
const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-account-export-'));
let gets = 0;
const store = createStorage({ root: filesDir, secret: 'account-export-test'.padEnd(40, 'x') });
// The store, counting what the export reads from it.
const storage: Storage = { ...store, get: (p) => ((gets += 1), store.get(p)) };
let ana: SignedInTestApp;
let rui: SignedInTestApp;

beforeAll(async () => {
  ana = await createTestApp({ db, storage, plan: 'free' });
  rui = await createTestApp({ db, storage, plan: 'enterprise_1000' });
});

afterAll(async () => {
  await ana.close();
  await rui.close();
  await db.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function download(t: SignedInTestApp) {
  const res = await t.app.request(
    '/api/account-data/export',
    webRequest(t.cookie, 'GET'),
    LOOPBACK_ENV,
  );
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

test('the ZIP holds every invoice and photo of the account, and nothing of another account', async () => {
  const own = await seedAccount(db.db, storage, {
    accountId: ana.accountId,
    label: 'ana',
    invoices: 3,
  });
  const other = await seedAccount(db.db, storage, {
    accountId: rui.accountId,
    label: 'rui',
    invoices: 2,
  });
  // A photo the rows name that the store has lost: listed as missing, not an error.
  const lost = `${ana.accountId}/perdida-1700000000000-0a1b2c3d4e5f.jpg`;
  await insertInvoices(db.db, ana.accountId, [{ imagePaths: [lost] }]);

  const { res, bytes } = await download(ana);

  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const name = `papelada-dados-${todayInLisbon()}.zip`;
  expect(res.headers.get('content-disposition')).toContain(`filename="${name}"`);
  const entries = await readZip(bytes);
  expect([...entries.keys()].sort()).toEqual(
    ['account.json', ...own.files.map((file) => `files/${file}`)].sort(),
  );
  for (const file of own.files) {
    expect(entries.get(`files/${file}`), file).toEqual((await storage.get(file))?.bytes);
  }

  const text = entries.get('account.json')?.toString('utf8') ?? '';
  const exported = JSON.parse(text) as Exported;
  expect(exported).toMatchObject({
    format: 'papelada-account-export',
    version: 1,
    accountId: ana.accountId,
    email: ana.email,
  });
  const stored = await db.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.accountId, ana.accountId));
  expect(exported.tables.invoices?.map((row) => row.id).sort()).toEqual(
    stored.map((row) => row.id).sort(),
  );
  expect(exported.tables.invoices).toHaveLength(own.invoiceIds.length + 1);
  for (const { name: table } of ACCOUNT_TABLES) expect(exported.tables).toHaveProperty(table);
  expect(exported.tables.auth_users?.[0]).toMatchObject({ id: ana.accountId, email: ana.email });
  expect(exported.files.find((file) => file.path === lost)).toEqual({
    path: lost,
    file: null,
    contentType: null,
    bytes: 0,
  });
  expect(exported.files.filter((file) => file.file !== null)).toHaveLength(own.files.length);

  // Nothing of the other account: not its id, not a file, not a word of its files.
  expect(text).not.toContain(rui.accountId);
  expect(text).not.toContain(rui.email);
  for (const file of other.files) expect(entries.has(`files/${file}`)).toBe(false);
  expect(bytes.includes(Buffer.from('de rui'))).toBe(false);
  // No credential: the password hash stays in the database.
  const [identity] = await db.db
    .select({ password: authIdentities.password })
    .from(authIdentities)
    .where(eq(authIdentities.userId, ana.accountId));
  expect(identity?.password).toBeTruthy();
  expect(text).not.toContain(identity?.password ?? '');
  expect(exported.tables.auth_identities?.[0]).not.toHaveProperty('password');
});

test('a table larger than a page is exported whole, each row once', async () => {
  const many = await insertInvoices(
    db.db,
    rui.accountId,
    Array.from({ length: 1_203 }, () => ({})),
  );

  const { res, bytes } = await download(rui);

  expect(res.status).toBe(200);
  const exported = JSON.parse(
    (await readZip(bytes)).get('account.json')?.toString() ?? '',
  ) as Exported;
  const ids = exported.tables.invoices?.map((row) => String(row.id)) ?? [];
  expect(new Set(ids).size).toBe(ids.length);
  for (const invoice of many) expect(ids).toContain(invoice.id);
  const stored = await db.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.accountId, rui.accountId));
  expect(ids.sort()).toEqual(stored.map((row) => row.id).sort());
});

test('a download nobody reads does not read the store ahead, and one cancelled stops reading it', async () => {
  const big = await createTestApp({ db, storage, plan: 'free' });
  const photos = Array.from({ length: 40 }, (_, i) => `${big.accountId}/grande-${i}.jpg`);
  await insertInvoices(
    db.db,
    big.accountId,
    photos.map((photo) => ({ imagePaths: [photo] })),
  );
  for (const photo of photos) await storage.put(photo, Buffer.alloc(256 * 1024, 7), 'image/jpeg');

  gets = 0;
  const res = await big.app.request(
    '/api/account-data/export',
    webRequest(big.cookie, 'GET'),
    LOOPBACK_ENV,
  );
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  await reader?.read();
  await new Promise((resolve) => setTimeout(resolve, 200));
  // One photo read, perhaps the next: the rest waits for the client.
  expect(gets).toBeLessThanOrEqual(2);
  await reader?.cancel();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(gets).toBeLessThanOrEqual(3);
  await big.close();
});
