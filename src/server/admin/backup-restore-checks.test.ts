// What a restore checks and how exactly it puts things back: every kind of value the same text
// after the round trip, a sequence going on after the restored rows, an older backup loaded
// at its own schema level and then migrated, and the backups it refuses (newer schema, another
// history, newer format, a damaged file) with the target left as it was.
import { randomUUID } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type DbHandle } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { authUsers, invoices } from '#server/db/schema/index.ts';
import { createManualBilling } from '#server/services/billing/manual-billing.ts';
import { createInProcessEventBus } from '#server/services/events/event-bus.ts';
import { invoicePhotoPath, photoThumbnailPath } from '#server/services/storage/storage-path.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createAccountForUser } from '#server/features/auth/account.queries.ts';
import { memoryEncryptionKeys } from '#server/services/crypto/encryption-key.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import type { AdminDeps } from './admin-deps.ts';
import {
  createAdminTestContext,
  supportMailOn,
  type AdminTestContext,
} from './admin-test-helpers.ts';
import { listTables, tablesWithRows } from './backup-catalog.ts';
import { backupCommand } from './backup-command.ts';
import { MANIFEST_FILE, tableFile, type Manifest } from './backup-format.ts';
import { appliedMigrations, codeMigrations, migrateToLevel } from './backup-schema-level.ts';
import {
  backedUpRows,
  createEmptyTarget,
  readManifestFile,
  serverUrl,
} from './backup-test-helpers.ts';
import { restoreBackup } from './restore-command.ts';

let ctx: AdminTestContext;
/** The app's database backed up, with two invoices, one with a photo. */
let appBackup: string;
let photoPath: string;
const targets: DbHandle[] = [];

const storageIn = (dir: string): Storage =>
  createStorage({ root: path.join(dir, 'files'), secret: 's'.repeat(40) });

function depsOn(handle: DbHandle, dir: string): AdminDeps {
  return {
    db: handle.db,
    events: createInProcessEventBus(),
    storage: storageIn(dir),
    billing: createManualBilling(),
    encryption: memoryEncryptionKeys(),
    dataDir: dir,
    now: () => new Date(),
    support: supportMailOn(handle.db),
  };
}

async function emptyTarget(): Promise<DbHandle> {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
}

function restoreInto(target: DbHandle, dir: string, label: string) {
  const dataDir = path.join(ctx.tmp, `destino-${label}`);
  return restoreBackup({ handle: target, storage: storageIn(dataDir), dataDir }, dir);
}

/** A copy of the app's backup whose manifest `change` edits. */
function withManifest(label: string, change: (manifest: Manifest) => unknown): string {
  const dir = path.join(ctx.tmp, `copia-${label}`);
  cpSync(appBackup, dir, { recursive: true });
  const manifest = readManifestFile(dir);
  change(manifest);
  writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

beforeAll(async () => {
  ctx = await createAdminTestContext();
  const { accountId } = await ctx.signedUp('verificacoes');
  const id = randomUUID();
  photoPath = invoicePhotoPath(accountId, id, 'jpg');
  await ctx.storage.put(photoPath, Buffer.from('fotografia da fatura'), 'image/jpeg');
  await ctx.storage.put(photoThumbnailPath(photoPath), Buffer.from('miniatura'), 'image/webp');
  await insertInvoice(ctx.t.db.db, accountId, { id, imagePaths: [photoPath] });
  await insertInvoice(ctx.t.db.db, accountId, { totalCents: 4_321 });
  appBackup = path.join(ctx.tmp, 'copia');
  expect(await ctx.run({ command: 'backup', dir: appBackup })).toMatchObject({ exitCode: 0 });
});

afterAll(async () => {
  for (const target of targets) await target.close();
  await ctx.close();
});

test('a value of every kind comes back as the same text, and a sequence goes on after the restored rows', async () => {
  const probe = `create table backup_probe (
    id serial primary key, t text, c char(3), v varchar(5), ts timestamptz, tl timestamp,
    d date, tm time, iv interval, b bytea, arr text[], nums int[], j jsonb, js json,
    n numeric(20, 4), big bigint, f double precision, r real, ok boolean, u uuid,
    shout text generated always as (upper(t)) stored)`;
  const source = await emptyTarget();
  await migrateDb(source);
  await source.db.execute(sql.raw(probe));
  await source.db.execute(sql`
    insert into backup_probe (t, c, v, ts, tl, d, tm, iv, b, arr, nums, j, js, n, big, f, r, ok, u)
    values
      (${'aspas " barra \\ nova\nlinha\ttab ç 🧾 e\u0301 \u2028 {"a":1}'}, 'ab', 'xyz',
       '2026-03-29 00:59:59.999999+00', '2026-10-25 01:30:00.5', '2000-02-29', '23:59:59.123456',
       '-1 year 2 mons 3 days -04:05:06.7', '\\x00ff0a5c', '{"x,y",NULL,"", "\\"q\\""}',
       '{1,NULL,-3}', '{"b": 1, "a": [1, 2.50, null, "s"]}', '{"kept":  "as typed"}',
       '-12345678901234.5678', 9223372036854775807, 0.1, 3.4028235e38, true,
       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),
      ('', '', '', 'infinity', '-infinity', '0001-01-01', '00:00', '0', '\\x', '{}', '{}',
       'null', '[]', 'NaN', -9223372036854775808, 'NaN', '-Infinity', false, null),
      (null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
       '-0', 1e-45, null, null)`);
  const dump = async (handle: DbHandle) => {
    const { rows } = await handle.db.execute<{ line: string }>(sql`
      select to_json(array[id::text, t, c::text, v::text, ts::text, tl::text, d::text, tm::text,
        iv::text, b::text, arr::text, nums::text, j::text, js::text, n::text, big::text, f::text,
        r::text, ok::text, u::text, shout])::text as line
      from backup_probe order by id`);
    return rows.map((row) => row.line);
  };
  const original = await dump(source);
  const dir = path.join(ctx.tmp, 'copia-tipos');
  const backup = await backupCommand(depsOn(source, path.join(ctx.tmp, 'origem-tipos')), { dir });
  expect(backup).toMatchObject({ exitCode: 0, stderr: '' });

  // The schema restored into has the table too, as a later migration would have made it.
  const target = await emptyTarget();
  await migrateDb(target);
  await target.db.execute(sql.raw(probe));
  expect(await restoreInto(target, dir, 'tipos')).toMatchObject({ exitCode: 0, stderr: '' });
  expect(await dump(target)).toEqual(original);
  expect(original).toHaveLength(3);
  const next = await target.db.execute<{ id: number }>(
    sql`insert into backup_probe (t) values ('seguinte') returning id`,
  );
  expect(Number(next.rows[0]?.id)).toBe(4);
}, 120_000);

test('a backup of an older schema loads at its own level and is then migrated to this one', async () => {
  const code = codeMigrations();
  const source = await emptyTarget();
  await migrateToLevel(source, code.length - 1);
  await source.db.execute(
    sql`insert into auth_users (id, name, email) values ('antiga', 'Conta Antiga', 'antiga@exemplo.pt')`,
  );
  const dir = path.join(ctx.tmp, 'copia-antiga');
  const backup = await backupCommand(depsOn(source, path.join(ctx.tmp, 'origem-antiga')), { dir });
  expect(backup.exitCode).toBe(0);
  expect(readManifestFile(dir).migrations).toEqual(code.slice(0, -1));

  // A database already at this code's level cannot take the older rows.
  const migrated = await emptyTarget();
  await migrateDb(migrated);
  expect(await restoreInto(migrated, dir, 'adiantada')).toEqual({
    exitCode: 1,
    stdout: '',
    stderr: `${ADMIN_MESSAGES.restoreTargetAhead(code.length, code.length - 1)}\n`,
  });

  const target = await emptyTarget();
  const restored = await restoreInto(target, dir, 'antiga');
  expect(restored.stderr).toBe('');
  expect(restored.stdout).toContain(
    `Esquema atualizado do nível ${code.length - 1} para o ${code.length}.`,
  );
  expect(await appliedMigrations(target.db)).toEqual(code);
  const users = await target.db.execute<{ email: string }>(sql`select email from auth_users`);
  expect(users.rows).toEqual([{ email: 'antiga@exemplo.pt' }]);
}, 120_000);

test('a backup from a newer schema, another history or a newer format is refused before the database is touched', async () => {
  const code = codeMigrations();
  const last = code.at(-1)?.createdAt ?? 0;
  const cases = [
    {
      dir: withManifest('nova', (m) =>
        m.migrations.push({ tag: null, createdAt: last + 1000, hash: 'f'.repeat(64) }),
      ),
      message: ADMIN_MESSAGES.backupNewerSchema(code.length + 1, code.length),
    },
    {
      dir: withManifest('outra', (m) => {
        const first = m.migrations[0];
        if (first) first.hash = '0'.repeat(64);
      }),
      message: ADMIN_MESSAGES.backupDiverged(0),
    },
    {
      dir: withManifest('formato', (m) => (m.version = 2)),
      message: ADMIN_MESSAGES.backupNewerFormat(2),
    },
  ];
  const target = await emptyTarget();
  for (const { dir, message } of cases) {
    expect(await restoreInto(target, dir, 'recusada')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `${message}\n`,
    });
  }
  expect(await listTables(target.db)).toEqual([]);
});

test('a damaged table or photo is refused with no row loaded, and the restore succeeds once the backup is whole', async () => {
  const table = path.join(appBackup, tableFile('invoices'));
  const rows = readFileSync(table, 'utf8');
  expect(rows).toContain('"4321"');
  const target = await emptyTarget();
  try {
    writeFileSync(table, rows.replace('"4321"', '"4322"'));
    expect(await restoreInto(target, appBackup, 'danificada')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `${ADMIN_MESSAGES.backupCorrupt('tables/invoices.ndjson')}\n`,
    });
    expect(await tablesWithRows(target.db)).toEqual([]);
  } finally {
    writeFileSync(table, rows);
  }
  const photo = path.join(appBackup, 'files', photoPath);
  const bytes = readFileSync(photo);
  try {
    writeFileSync(photo, Buffer.concat([bytes, Buffer.from('!')]));
    expect(await restoreInto(target, appBackup, 'danificada')).toMatchObject({
      exitCode: 1,
      stderr: `${ADMIN_MESSAGES.backupCorrupt(`files/${photoPath}`)}\n`,
    });
    expect(await tablesWithRows(target.db)).toEqual([]);
  } finally {
    writeFileSync(photo, bytes);
  }
  // The same target, after two refusals: the restore runs again from where they left it.
  const whole = await restoreInto(target, appBackup, 'danificada');
  expect(whole).toMatchObject({ exitCode: 0, stderr: '' });
  expect(await target.db.$count(invoices)).toBe(2);
  const restored = storageIn(path.join(ctx.tmp, 'destino-danificada'));
  expect((await restored.get(photoPath))?.bytes.toString()).toBe('fotografia da fatura');
}, 120_000);

test('backup writes only into a new or empty folder', async () => {
  const dir = path.join(ctx.tmp, 'ocupada');
  cpSync(appBackup, dir, { recursive: true });
  expect(await ctx.run({ command: 'backup', dir })).toEqual({
    exitCode: 1,
    stdout: '',
    stderr: `${ADMIN_MESSAGES.dirNotEmpty(dir)}\n`,
  });
  rmSync(dir, { recursive: true, force: true });
});

// The way from a laptop to a server: what embedded PGlite backed up, PostgreSQL restores.
test.runIf(serverUrl)(
  'a backup of embedded PGlite restores into PostgreSQL row for row',
  async () => {
    const source = await createDb({});
    targets.push(source);
    await migrateDb(source);
    await source.db
      .insert(authUsers)
      .values({ id: 'portatil', name: 'Rita', email: 'r@exemplo.pt' });
    await createAccountForUser(source.db, {
      userId: 'portatil',
      email: 'r@exemplo.pt',
      name: 'Rita',
    });
    for (let i = 0; i < 5; i++) await insertInvoice(source.db, 'portatil', { notes: `ç ${i}\n€` });
    const dir = path.join(ctx.tmp, 'copia-pglite');
    const origin = path.join(ctx.tmp, 'origem-pglite');
    expect(await backupCommand(depsOn(source, origin), { dir })).toMatchObject({ exitCode: 0 });
    expect(readManifestFile(dir).database).toContain('PGlite');

    const target = await emptyTarget();
    expect(await restoreInto(target, dir, 'servidor')).toMatchObject({ exitCode: 0, stderr: '' });
    const again = path.join(ctx.tmp, 'copia-servidor');
    const backup = await backupCommand(depsOn(target, path.join(ctx.tmp, 'destino-servidor')), {
      dir: again,
    });
    expect(backup).toMatchObject({ exitCode: 0 });
    expect(readManifestFile(again).database).not.toContain('PGlite');
    const sorted = (folder: string, table: string) =>
      backedUpRows(folder, table)
        .map((row) => JSON.stringify(row))
        .sort();
    const tables = readManifestFile(dir).tables;
    expect(tables.find((t) => t.name === 'invoices')?.rows).toBe(5);
    for (const { name } of tables) expect(sorted(again, name), name).toEqual(sorted(dir, name));
  },
  120_000,
);
