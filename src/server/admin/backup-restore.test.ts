// Issue 19 point 7 as an operator lives it: a real server with two accounts (invoices, photos,
// suppliers, a category, a profile photo), `npm run admin -- backup` while it serves, the
// original data thrown away, `npm run admin -- restore` into an empty DATA_DIR (and, on
// PostgreSQL, an empty database), and a new server on it that shows every invoice and photo
// byte for byte, to the sessions that were signed in and to a password sign-in.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { startServer, type RunningServer } from '#server/server.ts';
import { runAdminCli } from './admin-cli-test-helpers.ts';
import { FILES_INDEX } from './backup-format.ts';
import {
  cookieOf,
  createServerDatabase,
  readManifestFile,
  serverUrl,
  signUpOnServer,
  webClient,
  type WebClient,
} from './backup-test-helpers.ts';

const runId = `${process.pid}-${Date.now()}`;
// Named only: the server, the backup and the restore make them.
const srcDir = path.join(tmpdir(), `papelada-bk-src-${runId}`);
const dstDir = path.join(tmpdir(), `papelada-bk-dst-${runId}`);
const backupDir = path.join(tmpdir(), `papelada-bk-${runId}`);

type Databases = { src?: string; dst?: string; drops: (() => Promise<void>)[] };
const databases: Databases = { drops: [] };
let server: RunningServer | undefined;

function jpeg(red: number, green: number, blue: number): Promise<Buffer> {
  const background = { r: red, g: green, b: blue };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

const sha256 = (bytes: ArrayBuffer) =>
  createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

/** Signed file URLs differ by their expiry and signature only: left out of comparisons. */
const withoutSignatures = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/\?expires=\d+&sig=[\w-]+/g, '?signed'));

async function okJson<T>(response: Promise<Response>): Promise<T> {
  const res = await response;
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

type InvoiceItem = { id: string; imagePaths: string[] };

/** Everything an account sees through the API, and the hash of every file it can open. */
async function everythingOf(web: WebClient, cookie: string) {
  const profile = await okJson<{ accountId: string; photoUrl: string | null }>(
    web.get('/api/profile', cookie),
  );
  const list = await okJson<{ items: InvoiceItem[]; nextCursor: string | null }>(
    web.get('/api/invoices?limit=100', cookie),
  );
  expect(list.nextCursor).toBeNull();
  const details: unknown[] = [];
  for (const { id } of list.items)
    details.push(await okJson(web.get(`/api/invoices/${id}`, cookie)));
  const paths = list.items.flatMap((item) => item.imagePaths);
  const { urls } = await okJson<{ urls: Record<string, { url: string; thumbUrl: string }> }>(
    web.send('POST', '/api/files/sign', { paths }, cookie),
  );
  const files: Record<string, string> = {};
  const open = async (url: string) => {
    const res = await web.get(url, cookie);
    expect(res.status).toBe(200);
    return sha256(await res.arrayBuffer());
  };
  for (const [photo, { url, thumbUrl }] of Object.entries(urls)) {
    files[photo] = await open(url);
    files[`${photo} (miniatura)`] = await open(thumbUrl);
  }
  if (profile.photoUrl) files.avatar = await open(profile.photoUrl);
  return withoutSignatures({
    profile,
    invoices: list.items,
    details,
    suppliers: await okJson(web.get('/api/suppliers', cookie)),
    categories: await okJson(web.get('/api/categories', cookie)),
    files,
  });
}

/** Every object under a local store's root, as storage paths. */
function storedObjects(dataDir: string): string[] {
  const root = path.join(dataDir, 'files', 'objects');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function env(dataDir: string, databaseUrl: string | undefined) {
  return { env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } };
}

describe(`backup and restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  beforeAll(async () => {
    if (!serverUrl) return;
    for (const label of ['src', 'dst'] as const) {
      const database = await createServerDatabase(`backup_${label}`);
      databases[label] = database.url;
      databases.drops.push(database.drop);
    }
  });

  afterAll(async () => {
    await server?.close();
    for (const drop of databases.drops) await drop();
    for (const dir of [srcDir, dstDir, backupDir]) rmSync(dir, { recursive: true, force: true });
  });

  test('a backup taken while the server runs restores into an empty DATA_DIR with every invoice and photo', async () => {
    server = await startServer({
      port: 0,
      dataDir: srcDir,
      databaseUrl: databases.src,
      logLevel: 'silent',
    });
    let web = webClient(server.url);
    const ana = await signUpOnServer(web, 'ana.copia@exemplo.pt', 'Ana Cópia');
    const rui = await signUpOnServer(web, 'rui.copia@exemplo.pt', 'Rui Cópia');
    // The dev mailbox's plan switch (ADR 010): custom categories and photos need a paid plan.
    await okJson(web.send('POST', '/api/dev/plan', { planId: 'enterprise_500' }, ana));
    await okJson(
      web.send('POST', '/api/categories', { name: 'Oficina', icon: 'tag', color: 'blue' }, ana),
    );
    await okJson(
      web.send('POST', '/api/suppliers', { name: 'Serralharia Norte', nif: '503504564' }, ana),
    );
    await okJson(web.upload('PUT', '/api/profile/photo', await jpeg(200, 30, 30), ana));
    for (const [cookie, count, photos] of [
      [ana, 8, 3],
      [rui, 3, 1],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const { id } = await okJson<{ id: string }>(
          web.send(
            'POST',
            '/api/invoices',
            invoiceBody({ notes: `Nota ${i}\ncom acentuação ç` }),
            cookie,
          ),
        );
        if (i < photos) {
          await okJson(
            web.upload('POST', `/api/invoices/${id}/photos`, await jpeg(20 * i, 90, 160), cookie),
          );
        }
      }
    }
    const before = { ana: await everythingOf(web, ana), rui: await everythingOf(web, rui) };
    expect(Object.keys((before.ana as { files: object }).files)).toHaveLength(3 * 2 + 1);

    const backup = await runAdminCli(['backup', backupDir], env(srcDir, databases.src));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Cópia de segurança feita em ${backupDir}`);
    const manifest = readManifestFile(backupDir);
    expect(manifest.tables.find((t) => t.name === 'invoices')?.rows).toBe(11);
    expect(manifest.files).toMatchObject({ count: 4 * 2 + 1, missing: 0 });
    // The field-encryption key goes with the copy: without it the restored NIFs are unreadable.
    expect(manifest.dataDir.map((f) => f.name)).toEqual(['encryption-key.json', 'secrets.json']);
    // The store holds nothing the backup left out: every object is named by a row it copied.
    const indexed = readFileSync(path.join(backupDir, FILES_INDEX), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { path: string }).path)
      .sort();
    expect(indexed).toEqual(storedObjects(srcDir));
    const secrets = readFileSync(path.join(srcDir, 'secrets.json'), 'utf8');

    // The original is gone: nothing below can read it.
    await server.close();
    server = undefined;
    rmSync(srcDir, { recursive: true, force: true });
    await databases.drops.shift()?.();

    const restore = await runAdminCli(['restore', backupDir], env(dstDir, databases.dst));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Cópia de segurança de .* restaurada em [\d.]+ s: /);
    expect(readFileSync(path.join(dstDir, 'secrets.json'), 'utf8')).toBe(secrets);

    server = await startServer({
      port: 0,
      dataDir: dstDir,
      databaseUrl: databases.dst,
      logLevel: 'silent',
    });
    web = webClient(server.url);
    // The sessions signed in before the backup are still signed in, and see the same.
    expect(await everythingOf(web, ana)).toEqual(before.ana);
    expect(await everythingOf(web, rui)).toEqual(before.rui);
    const signIn = await web.send('POST', '/api/auth/sign-in/email', {
      email: 'rui.copia@exemplo.pt',
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(await everythingOf(web, cookieOf(signIn))).toEqual(before.rui);
  }, 300_000);

  test('restore refuses a database that is not empty, and on PGlite one a server holds', async () => {
    expect(server).toBeDefined();
    const again = await runAdminCli(['restore', backupDir], env(dstDir, databases.dst));
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    if (serverUrl) {
      expect(again.stderr).toMatch(/^A base de dados de destino não está vazia \(há registos em /);
    } else {
      expect(again.stderr).toBe(
        `Um servidor do Papelada (ou outro comando) está a usar ${dstDir}: o restauro só escreve numa base de dados vazia e parada. Pare-o, ou indique uma DATA_DIR nova. Nada foi alterado.\n`,
      );
      await server?.close();
      server = undefined;
      const stopped = await runAdminCli(['restore', backupDir], env(dstDir, undefined));
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toMatch(
        /^A base de dados de destino não está vazia \(há registos em accounts, /,
      );
    }
    const notABackup = await runAdminCli(
      ['restore', dstDir],
      env(`${dstDir}-outra`, databases.dst),
    );
    expect(notABackup).toEqual({
      code: 1,
      stdout: '',
      stderr: `A pasta ${dstDir} não tem manifest.json: não é uma cópia de segurança completa do Papelada (uma cópia interrompida não tem).\n`,
    });
    // Refused before anything was created.
    expect(existsSync(`${dstDir}-outra`)).toBe(false);
  }, 120_000);
});
