// Set-up shared by the backup and restore tests: empty target databases on the engine of the
// run (in-memory PGlite, or a new database on TEST_DATABASE_URL's server), a web client for a
// real running server, and a backup folder's tables read back as rows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, type DbHandle } from '#server/db/client.ts';
import { VERIFY_SUBJECT, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { createEmptyServerDatabase } from '#tests/setup/test-db.ts';
import { MANIFEST_FILE, tableFile, type Manifest } from './backup-format.ts';

export const serverUrl = process.env.TEST_DATABASE_URL;

/** A new, empty database on TEST_DATABASE_URL's server (no schema, no migrations). */
export const createServerDatabase = (label: string) =>
  createEmptyServerDatabase(serverUrl ?? 'postgres://localhost', label);

/** An empty database to restore into, on the run's engine; close() also drops it. */
export async function createEmptyTarget(): Promise<DbHandle> {
  if (!serverUrl) return createDb({});
  const database = await createServerDatabase('restore');
  const handle = await createDb({ databaseUrl: database.url });
  const closePool = handle.close;
  // Replaced in place: the handle object is the key of driverClientOf.
  handle.close = async () => {
    await closePool();
    await database.drop();
  };
  return handle;
}

export function readManifestFile(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}

/** A backed-up table's rows as objects keyed by column name (values as their text forms). */
export function backedUpRows(dir: string, table: string): Record<string, string | null>[] {
  const entry = readManifestFile(dir).tables.find((t) => t.name === table);
  if (!entry) throw new Error(`no table ${table} in the backup`);
  const text = readFileSync(path.join(dir, tableFile(table)), 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const values = JSON.parse(line) as (string | null)[];
      return Object.fromEntries(entry.columns.map((column, i) => [column.name, values[i] ?? null]));
    });
}

/** Requests to a running server as the web client sends them (Origin, CSRF token, cookie). */
export function webClient(base: string) {
  const headers = (cookie: string | undefined) => ({
    origin: base,
    'x-csrf-token': 'e'.repeat(64),
    ...(cookie ? { cookie } : {}),
  });
  return {
    get: (url: string, cookie?: string) => fetch(`${base}${url}`, { headers: headers(cookie) }),
    send: (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, cookie?: string) =>
      fetch(`${base}${url}`, {
        method,
        headers: { ...headers(cookie), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    upload: (method: 'POST' | 'PUT', url: string, bytes: Uint8Array, cookie: string) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'foto.jpg', { type: 'image/jpeg' }));
      return fetch(`${base}${url}`, { method, headers: headers(cookie), body: form });
    },
  };
}
export type WebClient = ReturnType<typeof webClient>;

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Signs up through the API and follows the link of the dev mailbox: the session cookie. */
export async function signUpOnServer(web: WebClient, email: string, fullName: string) {
  const signUp = await web.send('POST', '/api/account/sign-up', {
    accountType: 'particular',
    fullName,
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: true,
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const mails = (await (await web.get('/api/dev/emails')).json()) as {
    to: string;
    subject: string;
    links: string[];
  }[];
  const link = mails
    .find((mail) => mail.to === email && mail.subject.includes(VERIFY_SUBJECT))
    ?.links.find((l) => l.includes('/api/auth/'));
  if (!link) throw new Error(`no verification mail to ${email}`);
  const cookie = cookieOf(await fetch(link, { redirect: 'manual' }));
  if (!cookie) throw new Error('the verification link gave no session');
  return cookie;
}
