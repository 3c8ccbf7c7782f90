// `npm run admin -- rotate-key` (issue 19.3, ADR 028) and the start-up backfill of a real server:
// every sealed value and hash moves to the new key, the API still reads them and the summary
// still finds own spending; interrupted, it resumes; with ENCRYPTION_KEY it tells the operator
// what to do; a server started on rows from before migration 0019 encrypts them, with the key it
// generated under DATA_DIR. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runAdminCommand } from '#server/admin/admin-commands.ts';
import type { AdminDeps } from '#server/admin/admin-deps.ts';
import { supportMailOn } from '#server/admin/admin-test-helpers.ts';
import { rotateKeyCommand } from '#server/admin/rotate-key-command.ts';
import { createDb, type DbHandle } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { accounts, profiles } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { createLogger } from '#server/logger.ts';
import { startServer } from '#server/server.ts';
import { createManualBilling } from '#server/services/billing/manual-billing.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { nextNif, nextPersonNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createEmptyServerDatabase } from '#tests/setup/test-db.ts';
import {
  formatEncryptionKey,
  loadEncryptionKeys,
  memoryEncryptionKeys,
  readKeyFile,
  type EncryptionKeys,
} from './encryption-key.ts';
import { createFieldCipher, generateMasterKey, keyIdOf } from './field-encryption.ts';
import { resealAccount, valuesByOtherKeys } from './key-rotation.ts';
import { SEALED_PURPOSE, supplierEmailColumns } from './sealed-fields.ts';
import { rawRowsOf } from './sealed-test-helpers.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'papelada-rotate-'));
const apps: TestApp[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function appWith(encryption: EncryptionKeys): Promise<TestApp> {
  const app = await createTestApp({ cipher: encryption.cipher });
  apps.push(app);
  return app;
}

function depsOf(app: TestApp, encryption: EncryptionKeys): AdminDeps {
  return {
    db: app.db.db,
    events: app.events,
    storage: createStorage({ root: path.join(tmp, 'files'), secret: 's'.repeat(40) }),
    billing: createManualBilling(),
    encryption,
    dataDir: tmp,
    now: () => new Date(),
    support: supportMailOn(app.db.db),
  };
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status).toBe(status);
  return (await answer.json()) as T;
}

let sequence = 0;

type Person = {
  api: InvoiceApi;
  cookie: string;
  accountId: string;
  personalNif: string;
  email: string;
};

/** An account with a sealed personal NIF, an invoice bought with it and a supplier's email. */
async function personWithData(app: TestApp): Promise<Person> {
  sequence += 1;
  const cookie = await signUpVerified(app, `rodar.${sequence}.${Date.now()}@exemplo.pt`);
  const api = invoiceApi(app, cookie);
  const personalNif = nextPersonNif();
  const email = `geral.${sequence}@fornecedor.pt`;
  await json(api.send('PATCH', '/api/profile', { personalNif }));
  await json(
    api.send(
      'POST',
      '/api/invoices',
      invoiceBody({ buyerNif: personalNif, totalCents: 500, vatCents: 0 }),
    ),
    201,
  );
  await json(api.send('POST', '/api/suppliers', { name: 'Oficina', nif: nextNif(), email }), 201);
  return { api, cookie, accountId: await accountIdOf(app, cookie), personalNif, email };
}

/** What the person reads back through the API: their NIF, own spending and supplier email. */
async function readBack({ api }: Person) {
  const profile = await json<{ personalNif: string | null }>(api.get('/api/profile'));
  const summary = await json<{ totals: { ownCents: number } }>(api.get('/api/summary'));
  const suppliers = await json<{ items: Array<{ email: string | null }> }>(
    api.get('/api/suppliers'),
  );
  return {
    personalNif: profile.personalNif,
    ownCents: summary.totals.ownCents,
    emails: suppliers.items.map((s) => s.email).filter((e) => e !== null),
  };
}

/** The key ids the account's sealed values and hashes carry, from the raw rows. */
async function keyIdsOf(app: TestApp, accountId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const table of ['profiles', 'invoices', 'suppliers'] as const) {
    for (const row of await rawRowsOf(app.db.db, table, accountId)) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string' && /^[vh]1\./.test(value)) ids.add(value.slice(3, 11));
      }
    }
  }
  return ids;
}

test('rotate-key re-encrypts every value and hash under a new key, and the old key goes', async () => {
  const encryption = memoryEncryptionKeys();
  const app = await appWith(encryption);
  const [ana, rui] = [await personWithData(app), await personWithData(app)];
  const oldId = encryption.cipher.currentKeyId;
  const before = { ana: await readBack(ana), rui: await readBack(rui) };
  expect(before.ana).toEqual({ personalNif: ana.personalNif, ownCents: 500, emails: [ana.email] });
  const [oldRow] = await rawRowsOf(app.db.db, 'profiles', ana.accountId);
  const oldSealed = String(oldRow?.personal_nif_encrypted);

  const output = await runAdminCommand(depsOf(app, encryption), { command: 'rotate-key' });
  expect(output).toMatchObject({ exitCode: 0, stderr: '' });
  const newId = encryption.cipher.currentKeyId;
  expect(newId).not.toBe(oldId);
  expect(output.stdout).toContain(`Rotação terminada: tudo está encriptado com a chave ${newId}`);
  expect(encryption.cipher.keyIds).toEqual([newId]);
  expect(encryption.stored()?.previous).toBeNull();

  for (const person of [ana, rui])
    expect(await keyIdsOf(app, person.accountId)).toEqual(new Set([newId]));
  expect(await valuesByOtherKeys(app.db.db, newId)).toEqual(new Map());
  // Read back as before, own spending included: the hashes were recomputed on both sides.
  expect({ ana: await readBack(ana), rui: await readBack(rui) }).toEqual(before);
  expect(encryption.cipher.open(oldSealed, SEALED_PURPOSE.personalNif)).toBeNull();
});

test('an interrupted rotation resumes where it stopped, under the key it started with', async () => {
  const encryption = memoryEncryptionKeys();
  const app = await appWith(encryption);
  const [first, second] = [await personWithData(app), await personWithData(app)];
  const before = await readBack(second);
  const oldKey = encryption.stored()?.current ?? Buffer.alloc(0);
  const newKey = generateMasterKey();
  // As a run stopped after the first account: the key file holds both keys.
  encryption.store({ current: newKey, previous: oldKey });
  await app.db.db.transaction((tx) => resealAccount(tx, encryption.cipher, first.accountId));
  expect(await keyIdsOf(app, first.accountId)).toEqual(new Set([keyIdOf(newKey)]));
  expect(await keyIdsOf(app, second.accountId)).toEqual(new Set([keyIdOf(oldKey)]));
  // Meanwhile both read as before: the old key still opens, and an account is never half done.
  expect(await readBack(second)).toEqual(before);

  const output = await runAdminCommand(depsOf(app, encryption), { command: 'rotate-key' });
  expect(output.exitCode).toBe(0);
  expect(output.stdout).toContain(
    `Rotação em curso retomada: da chave ${keyIdOf(oldKey)} para a ${keyIdOf(newKey)}.`,
  );
  expect(encryption.cipher.currentKeyId).toBe(keyIdOf(newKey));
  expect(await keyIdsOf(app, second.accountId)).toEqual(new Set([keyIdOf(newKey)]));
  expect(await readBack(second)).toEqual(before);
});

test('a value no key opens is left as it is and named, without holding the old key back', async () => {
  const encryption = memoryEncryptionKeys();
  const app = await appWith(encryption);
  const person = await personWithData(app);
  const stranger = createFieldCipher({ current: generateMasterKey(), previous: null });
  await insertSupplier(app.db.db, person.accountId, supplierEmailColumns(stranger, 'x@y.pt'));

  const output = await runAdminCommand(depsOf(app, encryption), { command: 'rotate-key' });
  expect(output.exitCode).toBe(0);
  expect(output.stdout).toContain(`1 com a chave ${stranger.currentKeyId}`);
  expect(await readBack(person)).toMatchObject({ personalNif: person.personalNif, ownCents: 500 });
  expect(encryption.cipher.keyIds).toHaveLength(1);
});

test('with the key in DATA_DIR, the new key is written to the file and the old one removed at the end', async () => {
  const dataDir = path.join(tmp, 'data-file');
  const encryption = loadEncryptionKeys(dataDir);
  const app = await appWith(encryption);
  const person = await personWithData(app);
  const before = await readBack(person);
  const oldId = encryption.cipher.currentKeyId;

  const output = await rotateKeyCommand(depsOf(app, encryption), { settleMs: 0 });
  expect(output.exitCode).toBe(0);
  expect(output.stdout).toContain('Nova chave de encriptação');
  const stored = readKeyFile(path.join(dataDir, 'encryption-key.json'));
  expect(stored?.previous).toBeNull();
  expect(keyIdOf(stored?.current ?? Buffer.alloc(0))).toBe(encryption.cipher.currentKeyId);
  expect(encryption.cipher.currentKeyId).not.toBe(oldId);
  expect(await keyIdsOf(app, person.accountId)).toEqual(new Set([encryption.cipher.currentKeyId]));
  expect(await readBack(person)).toEqual(before);
  // A server started afterwards reads the file, and every value with it.
  const restarted = await createTestApp({ db: app.db, cipher: loadEncryptionKeys(dataDir).cipher });
  apps.push(restarted);
  expect(await readBack({ ...person, api: invoiceApi(restarted, person.cookie) })).toEqual(before);
});

test('with ENCRYPTION_KEY, the first run prints a new key and the steps; the run with both keys re-encrypts', async () => {
  const dir = path.join(tmp, 'data-env');
  const oldKey = generateMasterKey();
  const first = loadEncryptionKeys(dir, { key: formatEncryptionKey(oldKey) });
  const app = await appWith(first);
  const person = await personWithData(app);
  const before = await readBack(person);

  const told = await runAdminCommand(depsOf(app, first), { command: 'rotate-key' });
  expect(told.exitCode).toBe(0);
  expect(told.stdout).toContain('A chave de encriptação vem de ENCRYPTION_KEY');
  expect(told.stdout).toContain('Nada foi alterado');
  const printed = /ENCRYPTION_KEY=(\S+)/.exec(told.stdout)?.[1] ?? '';
  expect(Buffer.from(printed, 'base64')).toHaveLength(32);
  expect(await keyIdsOf(app, person.accountId)).toEqual(new Set([keyIdOf(oldKey)]));

  // Every server (and this command) restarted with the new key and the previous one.
  const both = loadEncryptionKeys(dir, {
    key: printed,
    previousKey: formatEncryptionKey(oldKey),
  });
  const done = await runAdminCommand(depsOf(app, both), { command: 'rotate-key' });
  expect(done.exitCode).toBe(0);
  expect(done.stdout).toContain('Retire ENCRYPTION_KEY_PREVIOUS');
  const newId = both.cipher.currentKeyId;
  expect(await keyIdsOf(app, person.accountId)).toEqual(new Set([newId]));
  // Served with the new key alone (ENCRYPTION_KEY_PREVIOUS removed), everything reads as before.
  const after = await createTestApp({
    db: app.db,
    cipher: loadEncryptionKeys(dir, { key: printed }).cipher,
  });
  apps.push(after);
  expect(await readBack({ ...person, api: invoiceApi(after, person.cookie) })).toEqual(before);
});

// A server started on rows from before migration 0019: on PostgreSQL, an empty database of its own.
const serverUrl = process.env.TEST_DATABASE_URL;
let dropStartDatabase: (() => Promise<void>) | undefined;
let startDatabaseUrl: string | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  const database = await createEmptyServerDatabase(serverUrl, 'sealed_start');
  startDatabaseUrl = database.url;
  dropStartDatabase = database.drop;
});
afterAll(async () => {
  await dropStartDatabase?.();
});

test('a server starting on values stored in the clear encrypts them before it serves', async () => {
  const dataDir = path.join(tmp, 'data-start');
  const databaseUrl = startDatabaseUrl;
  const connect = (): Promise<DbHandle> => createDb({ databaseUrl, dataDir });
  const accountId = `conta-antiga-${Date.now()}`;
  const [personalNif, buyerNif] = [nextPersonNif(), nextPersonNif()];
  const email = 'antigo@fornecedor.pt';
  let db = await connect();
  try {
    await migrateDb(db);
    await db.db.insert(accounts).values({ id: accountId });
    await db.db
      .insert(profiles)
      .values({ accountId, email: 'antiga@exemplo.pt', legacyPersonalNif: personalNif });
    await insertInvoice(db.db, accountId, { buyerNifClear: buyerNif });
    await insertSupplier(db.db, accountId, { legacyEmail: email });
  } finally {
    await db.close();
  }

  const server = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    logger: createLogger('silent'),
    webDir: path.join(dataDir, 'no-web'),
  });
  await server.close();

  db = await connect();
  try {
    const cipher = loadEncryptionKeys(dataDir).cipher;
    const [profile] = await rawRowsOf(db.db, 'profiles', accountId);
    const [invoice] = await rawRowsOf(db.db, 'invoices', accountId);
    const [supplier] = await rawRowsOf(db.db, 'suppliers', accountId);
    expect(profile?.text).not.toContain(personalNif);
    expect(invoice?.text).not.toContain(buyerNif);
    expect(supplier?.text).not.toContain(email);
    // Sealed with the key the server generated and kept under DATA_DIR.
    const open = (value: unknown, purpose: string) => cipher.open(String(value), purpose);
    expect(open(profile?.personal_nif_encrypted, SEALED_PURPOSE.personalNif)).toBe(personalNif);
    expect(open(invoice?.buyer_nif_encrypted, SEALED_PURPOSE.buyerNif)).toBe(buyerNif);
    expect(open(supplier?.email_encrypted, SEALED_PURPOSE.supplierEmail)).toBe(email);
    const [row] = await db.db
      .select({ hash: profiles.personalNifHash })
      .from(profiles)
      .where(eq(profiles.accountId, accountId));
    expect(row?.hash).toBe(cipher.hash(personalNif, 'nif'));
  } finally {
    await db.close();
  }
}, 120_000);
