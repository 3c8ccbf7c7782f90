// Who may import, what the monthly limit lets through, which files are refused, and that one
// account's import neither reads nor touches another's data.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { monthlyLimitMessage } from '#server/features/invoices/invoices.messages.ts';
import { EFATURA_UPLOAD_MESSAGES } from '#shared/schemas/efatura-import.ts';
import type { Actor } from '#shared/permissions.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { insertInvoice, insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { EFATURA_FILE_MESSAGES, EFATURA_ROW_MESSAGES } from './efatura-import.messages.ts';
import {
  countRows,
  efaturaFixture,
  importAccount,
  imported,
  upload,
  type ImportAccount,
} from './efatura-test-helpers.ts';

// The actor of a request is read from a header the test sets, as team sessions set it from
// the PIN profile (request-scope.ts `actorOf`).
const ACTOR_HEADER = 'x-test-actor';
const SAMPLE = efaturaFixture('faturas-recebidas.csv');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    actorOf: (c) => {
      const raw = c.req.header(ACTOR_HEADER);
      return raw ? (JSON.parse(raw) as Actor) : { kind: 'main' };
    },
  });
});

afterAll(() => t.close());

const as = (actor: Actor) => ({ headers: { [ACTOR_HEADER]: JSON.stringify(actor) } });

async function refusal(res: Response | Promise<Response>, status: number) {
  const response = await res;
  expect(response.status).toBe(status);
  return (await errorOf(response)).message;
}

test('without a session both steps answer 401', async () => {
  for (const step of ['preview', 'commit']) {
    const res = await t.app.request(`/api/efatura-import/${step}`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
      body: new FormData(),
    });
    expect(res.status).toBe(401);
  }
});

test('a role without the right to create invoices is refused; a sub-user who may create imports', async () => {
  const account = await importAccount(t);
  for (const step of ['preview', 'commit'] as const) {
    const res = await upload(t, account, step, SAMPLE, as({ kind: 'pending' }));
    expect(res.status).toBe(403);
    // No profile chosen yet (team management on): refused before any role is asked.
    expect(await errorOf(res)).toEqual({
      code: 'PROFILE_SELECTION_REQUIRED',
      message: TEAM_MESSAGES.profileSelectionRequired,
    });
  }
  expect(await countRows(t, account.accountId)).toEqual({ invoices: 0, suppliers: 0 });
  const user = as({ kind: 'sub-user', role: 'user', subUserId: 'u1' });
  const result = await imported(upload(t, account, 'commit', SAMPLE, user));
  expect(result.counts.create).toBe(5);
});

test('files that are not the portal’s buyer CSV are refused 400 with a pt-PT message, nothing written', async () => {
  const account = await importAccount(t);
  const cases: Array<[Uint8Array<ArrayBuffer>, string]> = [
    [efaturaFixture('extrato-bancario.csv'), EFATURA_FILE_MESSAGES.notEfatura],
    [efaturaFixture('faturas-emitidas.csv'), EFATURA_FILE_MESSAGES.sellerList],
    [
      efaturaFixture('colunas-em-falta.csv'),
      'O ficheiro não tem a coluna «IVA» da lista do e-Fatura.',
    ],
    [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      EFATURA_FILE_MESSAGES.notEfatura,
    ],
    [new Uint8Array(), EFATURA_UPLOAD_MESSAGES.empty],
  ];
  for (const [bytes, message] of cases) {
    for (const step of ['preview', 'commit'] as const) {
      expect(await refusal(upload(t, account, step, bytes), 400), message).toBe(message);
    }
  }
  expect(await countRows(t, account.accountId)).toEqual({ invoices: 0, suppliers: 0 });
});

test('a request without the file, or not multipart, or broken, or too large, is refused in pt-PT', async () => {
  const account = await importAccount(t);
  const post = (body: BodyInit, contentType?: string) =>
    t.app.request('/api/efatura-import/preview', {
      method: 'POST',
      headers: {
        cookie: account.cookie,
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body,
    });
  const required = EFATURA_UPLOAD_MESSAGES.fileRequired;
  expect(await refusal(post(new FormData()), 400)).toBe(required);
  expect(await refusal(post(JSON.stringify({ file: 'x' }), 'application/json'), 400)).toBe(
    required,
  );
  expect(await refusal(post('--x\r\nbroken', 'multipart/form-data; boundary=x'), 400)).toBe(
    required,
  );
  const form = new FormData();
  form.set('file', 'só texto');
  expect(await refusal(post(form), 400)).toBe(required);
  const big = new Uint8Array(4 * 1024 * 1024 + 100 * 1024).fill(0x41);
  expect(await refusal(upload(t, account, 'preview', big), 413)).toBe(
    EFATURA_UPLOAD_MESSAGES.tooLarge,
  );
  const withBadOption = new FormData();
  withBadOption.set('file', new File([SAMPLE], 'f.csv'));
  withBadOption.set('markPaid', 'talvez');
  expect(await refusal(post(withBadOption), 400)).toBe(EFATURA_UPLOAD_MESSAGES.markPaid);
});

test('the monthly limit lets through what fits and refuses the rest with its message; a re-run skips what was made', async () => {
  const account = await importAccount(t, 'free');
  await insertInvoices(
    t.db.db,
    account.accountId,
    Array.from({ length: 13 }, () => ({})),
  );
  const limit = monthlyLimitMessage(15);
  const preview = await imported(upload(t, account, 'preview', SAMPLE));
  expect(preview.counts).toEqual({ create: 2, skip: 0, refuse: 5 });
  expect(preview.rows.map((row) => row.reason)).toEqual([
    null,
    null,
    limit,
    limit,
    limit,
    EFATURA_ROW_MESSAGES.annulled,
    EFATURA_ROW_MESSAGES.nif('123456780 - NIF Errado Lda'),
  ]);
  const result = await imported(upload(t, account, 'commit', SAMPLE));
  expect(result.rows.map((row) => row.status)).toEqual(preview.rows.map((row) => row.status));
  expect(result.usage).toEqual({ currentCount: 15, monthlyLimit: 15 });
  expect((await countRows(t, account.accountId)).invoices).toBe(15);

  const again = await imported(upload(t, account, 'commit', SAMPLE));
  expect(again.counts).toEqual({ create: 0, skip: 2, refuse: 5 });
  expect((await countRows(t, account.accountId)).invoices).toBe(15);
});

/** Every invoice and supplier of an account, as stored. */
async function snapshot(account: ImportAccount) {
  return {
    invoices: await t.db.db
      .select()
      .from(invoices)
      .where(eq(invoices.accountId, account.accountId))
      .orderBy(asc(invoices.id)),
    suppliers: await t.db.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.accountId, account.accountId))
      .orderBy(asc(suppliers.id)),
  };
}

test('another account’s invoices and suppliers neither count as duplicates nor change, nor show as missing', async () => {
  const other = await importAccount(t);
  await insertSupplier(t.db.db, other.accountId, { nif: '501293710', name: 'Nome da Outra Conta' });
  await insertInvoice(t.db.db, other.accountId, {
    supplierNif: '501293710',
    number: 'FT FA.2026/462',
    atcud: 'J6NTT56K-462',
    issueDate: '2026-10-22',
  });
  await insertInvoice(t.db.db, other.accountId, {
    supplierNif: '503504564',
    number: 'FT 2026/77',
    issueDate: '2026-10-25',
  });
  const before = await snapshot(other);

  const account = await importAccount(t);
  const result = await imported(upload(t, account, 'commit', SAMPLE));
  expect(result.counts).toEqual({ create: 5, skip: 0, refuse: 2 });
  expect(result.rows[2]).toMatchObject({ supplierName: 'Jocel Lda', isNewSupplier: true });
  expect(result.missing.total).toBe(0);
  expect(await snapshot(other)).toEqual(before);
});
