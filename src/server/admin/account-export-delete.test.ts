// `export-account` and `delete-account`: every row of the account and every file its rows
// name — copied out (no password hash, no session) or removed, and no other account touched.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  authIdentities,
  authSessions,
  authUsers,
  profiles,
  scans,
} from '#server/db/schema/index.ts';
import {
  invoicePhotoPath,
  photoThumbnailPath,
  scanPath,
} from '#server/services/storage/storage-path.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { ACCOUNT_TABLES } from '#server/features/account-data/account-tables.ts';
import { createAdminTestContext, type AdminTestContext } from './admin-test-helpers.ts';

let admin: AdminTestContext;

beforeAll(async () => {
  admin = await createAdminTestContext();
});

afterAll(() => admin.close());

/** An account with a supplier, an invoice with a photo, a kept scan and a profile photo. */
async function accountWithFiles(prefix: string) {
  const account = await admin.signedUp(prefix);
  const { db } = admin.t.db;
  const { accountId } = account;
  await insertSupplier(db, accountId);
  const invoiceId = randomUUID();
  const photo = invoicePhotoPath(accountId, invoiceId, 'jpg');
  await insertInvoice(db, accountId, { id: invoiceId, imagePaths: [photo] });
  const scanId = randomUUID();
  await db.insert(scans).values({ accountId, id: scanId });
  const avatar = `${accountId}/avatar-1700000000000-0a1b2c3d4e5f.webp`;
  await db.update(profiles).set({ photoPath: avatar }).where(eq(profiles.accountId, accountId));
  const files = {
    [photo]: ['image/jpeg', `foto de ${prefix}`],
    [photoThumbnailPath(photo)]: ['image/webp', `miniatura de ${prefix}`],
    [scanPath(accountId, scanId)]: ['image/jpeg', `digitalização de ${prefix}`],
    [avatar]: ['image/webp', `avatar de ${prefix}`],
  } as const;
  for (const [file, [type, text]] of Object.entries(files)) {
    await admin.storage.put(file, Buffer.from(text), type);
  }
  return { ...account, files: Object.keys(files).sort() };
}

type Export = {
  accountId: string;
  email: string;
  tables: Record<string, Array<Record<string, unknown>>>;
  files: Array<{ path: string; file: string | null; contentType: string | null; bytes: number }>;
};

test('export-account writes every row of the account and its files, without secrets', async () => {
  const ana = await accountWithFiles('exporta');
  const dir = path.join(admin.tmp, 'export-ana');

  const output = await admin.run({ command: 'export-account', email: ana.email, dir });

  expect(output.exitCode).toBe(0);
  expect(output.stdout).toMatch(
    new RegExp(
      `^Conta ${ana.email} exportada para ${dir}: \\d+ registos em account\\.json e 4 ficheiros em files/\\.\\n$`,
    ),
  );
  const text = readFileSync(path.join(dir, 'account.json'), 'utf8');
  const exported = JSON.parse(text) as Export;
  expect(exported).toMatchObject({ accountId: ana.accountId, email: ana.email });
  // Every table of the account is there, by its SQL name, with SQL column names.
  for (const { name } of ACCOUNT_TABLES) expect(exported.tables).toHaveProperty(name);
  expect(exported.tables.accounts).toEqual([expect.objectContaining({ id: ana.accountId })]);
  expect(exported.tables.invoices).toHaveLength(1);
  expect(exported.tables.suppliers).toHaveLength(1);
  expect(exported.tables.profiles?.[0]).toMatchObject({
    account_id: ana.accountId,
    full_name: 'Ana Silva',
  });
  expect(exported.tables.auth_users?.[0]).toMatchObject({ id: ana.accountId, email: ana.email });
  // The sign-in method without its password hash; no session, no mailed sign-in link.
  const [identity] = exported.tables.auth_identities ?? [];
  expect(identity).toMatchObject({ provider_id: 'credential', user_id: ana.accountId });
  expect(identity).not.toHaveProperty('password');
  const [stored] = await admin.t.db.db
    .select({ password: authIdentities.password })
    .from(authIdentities)
    .where(eq(authIdentities.userId, ana.accountId));
  expect(stored?.password).toBeTruthy();
  expect(text).not.toContain(stored?.password ?? '');
  expect(exported.tables).not.toHaveProperty('auth_sessions');
  const [session] = await admin.t.db.db
    .select({ token: authSessions.token })
    .from(authSessions)
    .where(eq(authSessions.userId, ana.accountId));
  expect(text).not.toContain(session?.token ?? 'no session');
  expect(exported.tables.email_audit?.[0]).toMatchObject({ type: 'verification' });
  expect(text).not.toContain('verify-email?token=');

  expect(exported.files.map((f) => f.path).sort()).toEqual(ana.files);
  for (const file of exported.files) {
    const original = await admin.storage.get(file.path);
    expect(file.contentType).toBe(original?.contentType);
    expect(readFileSync(path.join(dir, file.file ?? ''))).toEqual(original?.bytes);
  }
});

test('export-account refuses a folder that is not empty, or a file', async () => {
  const rui = await admin.signedUp('exporta-cheia');
  const full = path.join(admin.tmp, 'cheia');
  mkdirSync(full);
  writeFileSync(path.join(full, 'outra-coisa.txt'), 'x');
  expect(await admin.run({ command: 'export-account', email: rui.email, dir: full })).toEqual({
    exitCode: 1,
    stdout: '',
    stderr: `A pasta ${full} não está vazia: escolha uma pasta nova ou vazia.\n`,
  });
  const file = path.join(full, 'outra-coisa.txt');
  expect((await admin.run({ command: 'export-account', email: rui.email, dir: file })).stderr).toBe(
    `${file} é um ficheiro, não uma pasta.\n`,
  );
  expect(readFileSync(file, 'utf8')).toBe('x');
});

test('delete-account removes every row and file of the account, and only those', async () => {
  const gone = await accountWithFiles('apaga');
  const kept = await accountWithFiles('fica');
  const { db } = admin.t.db;

  const preview = await admin.run({ command: 'delete-preview', email: gone.email });
  expect(preview.stdout).toBe(
    `Vai apagar a conta ${gone.email} (Ana Silva): 1 faturas, 1 fornecedores, 4 ficheiros e tudo o resto da conta. Não é possível desfazer.\n`,
  );
  const output = await admin.run({ command: 'delete-account', email: gone.email });

  expect(output.exitCode).toBe(0);
  expect(output.stdout).toMatch(
    new RegExp(`^Conta ${gone.email} apagada: \\d+ registos e 4 ficheiros\\.\\n$`),
  );
  for (const { name, table, accountColumn } of ACCOUNT_TABLES) {
    const [left] = await db
      .select({ n: count() })
      .from(table)
      .where(eq(accountColumn, gone.accountId));
    expect(left?.n, name).toBe(0);
  }
  expect(await db.select().from(authUsers).where(eq(authUsers.id, gone.accountId))).toEqual([]);
  expect(
    await db.select().from(authSessions).where(eq(authSessions.userId, gone.accountId)),
  ).toEqual([]);
  expect(
    await db.select().from(authIdentities).where(eq(authIdentities.userId, gone.accountId)),
  ).toEqual([]);
  for (const file of gone.files) expect(await admin.storage.get(file), file).toBeNull();
  // Its browser is signed out at once.
  const res = await admin.t.app.request('/api/profile', { headers: { cookie: gone.cookie } });
  expect(res.status).toBe(401);
  expect((await admin.run({ command: 'accounts', json: false })).stdout).not.toContain(gone.email);

  // The other account is whole.
  for (const file of kept.files) expect(await admin.storage.get(file), file).not.toBeNull();
  expect((await admin.profileOf(kept.cookie)).planId).toBe('free');
  const exported = await admin.run({
    command: 'export-account',
    email: kept.email,
    dir: path.join(admin.tmp, 'export-fica'),
  });
  expect(exported.stdout).toContain('e 4 ficheiros em files/.');
});
