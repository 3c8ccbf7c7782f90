// Tools of the isolation suite (isolation.test.ts): a browser that carries its session and team
// cookies as the web client does, the uploads it sends, the suite's NIFs and PINs, and the
// fingerprint of everything an account owns (its rows, by account, user, rate-limit key and mail
// address, and its stored files), to tell that a request left it as it was.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { qrPhoto } from '#server/services/scan/scan-test-helpers.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import { TEAM_COOKIE } from '#shared/team.ts';
import { LOOPBACK_ENV, TEST_CSRF_TOKEN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';

/** A past month every sale date of the suite falls in (never in the future, whatever today). */
export const SALES_MONTH = '2025-06';
export const saleDay = (day: number) => `${SALES_MONTH}-${String(day).padStart(2, '0')}`;

export const PINS = { aMain: '1357', aSubUser: '4321', bMain: '2468', bSubUser: '8642' } as const;

/** A valid NIF from its first eight digits. */
const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;

/** The suite's NIFs (tests/factories/nif.ts counts up from 50000001x, far below these). */
export const NIFS = {
  /** A bank both accounts pay into (their savings supplier): NIF joins need the account too. */
  shared: nif('50987650'),
  aOnly: nif('50987651'),
  bOnly: nif('50987652'),
  /** A savings supplier of A's alone. */
  aSavings: nif('50987653'),
  /** A's own NIF as a private person (its profile). */
  aPersonal: nif('23456781'),
} as const;

/** A savings goal of B's, naming no supplier. */
export function goalBody() {
  const today = todayInLisbon();
  return {
    name: 'Objetivo de B',
    targetCents: 1_000,
    targetDate: addDays(today, 30),
    startDate: today,
    supplierNif: null,
  };
}

export type Reply = { status: number; text: string; headers: Headers };

export type Browser = {
  /** The raw answer; a team cookie the server sets (or clears) is kept for the next request. */
  request(method: string, path: string, body?: unknown): Promise<Response>;
  call(method: string, path: string, body?: unknown): Promise<Reply>;
  /** The JSON of an answer that must have `status` (200 unless given). */
  json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    status?: number,
  ): Promise<T>;
};

/** A browser of the signed-in session `sessionCookie`, from this machine (the dev routes too). */
export function browserOf(t: TestApp, sessionCookie: string): Browser {
  let team: string | null = null;
  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: team ? `${sessionCookie}; ${TEAM_COOKIE}=${team}` : sessionCookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await t.app.request(path, { method, headers, body: payload }, LOOPBACK_ENV);
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${TEAM_COOKIE}=`));
    if (set !== undefined) team = set.slice(TEAM_COOKIE.length + 1).split(';')[0] || null;
    return res;
  }
  async function call(method: string, path: string, body?: unknown): Promise<Reply> {
    const res = await request(method, path, body);
    return { status: res.status, text: await res.text(), headers: res.headers };
  }
  async function json<T>(method: string, path: string, body?: unknown, status = 200) {
    const reply = await call(method, path, body);
    if (reply.status !== status) {
      throw new Error(`${method} ${path}: ${reply.status} ${reply.text.slice(0, 400)}`);
    }
    return (reply.text ? JSON.parse(reply.text) : null) as T;
  }
  return { request, call, json };
}

/** POST that must create (201): the new row's answer. */
export const created = <T = { id: string }>(browser: Browser, path: string, body?: unknown) =>
  browser.json<T>('POST', path, body, 201);

/** A small photo in the multipart field `file`, as a phone sends one. */
export async function photoForm(background: string): Promise<FormData> {
  const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(jpeg)], 'foto.jpg', { type: 'image/jpeg' }));
  return form;
}

/** A photo of an invoice with its AT QR code, for POST /api/scan. */
export async function scanForm(): Promise<FormData> {
  const form = new FormData();
  const photo = new Uint8Array(await qrPhoto());
  form.append('file', new File([photo], 'fatura.jpg', { type: 'image/jpeg' }));
  return form;
}

/** A digest per table (null: no row), and the account's files with theirs. */
export type Fingerprint = Record<string, string | null | string[]>;

export type Owner = {
  accountId: string;
  email: string;
  /** The addresses the account's mail goes to (its own, its suppliers', its invitations'). */
  addresses: string[];
  /** The file store's root (createStorage's `root`). */
  filesDir: string;
};

/**
 * A digest of everything `owner` has: every row of every table with an account_id, its account
 * and user rows, its sessions, the rate-limit counters keyed by its id or email, the dev outbox's
 * mail to its addresses, and its stored files. One statement, so it is cheap to take often.
 */
export async function fingerprinter(t: TestApp, owner: Owner): Promise<() => Promise<Fingerprint>> {
  const { accountId, email, addresses, filesDir } = owner;
  const tables = await t.db.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where column_name = 'account_id' and table_schema = current_schema()
    order by table_name`);
  const digest = sql`md5(string_agg(t::text, '|' order by t::text))`;
  // The security monitor records a burst of the account's own writes in the background, after
  // the answer: a row that may land while another's request is watched.
  const except = (table: string) =>
    table === 'security_events' ? sql` and t.kind <> 'request_burst'` : sql``;
  const parts = [
    ...tables.rows.map(
      ({ table_name }) =>
        sql`select ${table_name} as name, ${digest} as digest
            from ${sql.identifier(table_name)} t
            where t.account_id = ${accountId}${except(table_name)}`,
    ),
    sql`select 'accounts', ${digest} from accounts t where t.id = ${accountId}`,
    sql`select 'auth_users', ${digest} from auth_users t where t.id = ${accountId}`,
    sql`select 'auth_sessions', ${digest} from auth_sessions t where t.user_id = ${accountId}`,
    sql`select 'rate_limits', ${digest} from rate_limits t
        where strpos(t.key, ${accountId}) > 0 or strpos(t.key, ${email}) > 0`,
    sql`select 'dev_outbox', ${digest} from dev_outbox t
        where t.to_address in (${sql.join(
          addresses.map((address) => sql`${address}`),
          sql`, `,
        )})`,
  ];
  const statement = sql.join(parts, sql` union all `);
  return async () => {
    const { rows } = await t.db.db.execute<{ name: string; digest: string | null }>(statement);
    const files = filesUnder(path.join(filesDir, 'objects', accountId));
    return { ...Object.fromEntries(rows.map((row) => [row.name, row.digest])), files };
  };
}

/** Each file under `dir` (recursively) with the SHA-256 of its bytes. */
function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.sort().flatMap((name) => {
    try {
      const bytes = readFileSync(path.join(dir, name));
      return [`${name}:${createHash('sha256').update(bytes).digest('hex')}`];
    } catch {
      // A directory.
      return [];
    }
  });
}
