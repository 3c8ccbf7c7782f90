// The spreadsheet feed as Google Sheets and Excel fetch it: no session, only the account's rows,
// one 404 for a token that is unknown, rotated or revoked, the query's 400s and the plan's gate
// (issue 17 point 2, ADR 022). Caching and the rate limit: feed-cache.routes.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { feedSecrets } from '#server/db/schema/index.ts';
import { bytesOf, parseCsv } from '#server/features/exports/export-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { FEED_MESSAGES } from '#shared/schemas/feed.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import type { SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import type { RevealedFeedDto } from './feed-dto.ts';
import { createFeed, feedAccount, feedRows, numbersOf, readFeed } from './feed-test-helpers.ts';

const db = await createTestDb();
const today = todayInLisbon();
const earlier = addDays(startOfMonth(today), -40);
const padariaNif = nextNif();

let owner: SignedInTestApp;
let other: SignedInTestApp;
let ownerFeed: RevealedFeedDto;
let otherFeed: RevealedFeedDto;

const HEADINGS =
  'Data de emissão,Data de vencimento,Tipo,Número,ATCUD,Fornecedor,NIF do fornecedor,Categoria,Estado,Método de pagamento,Base (€),IVA (€),Total (€),Observações';

beforeAll(async () => {
  owner = await feedAccount(db);
  other = await feedAccount(db);
  await insertSupplier(db.db, owner.accountId, {
    nif: padariaNif,
    name: 'Padaria Central',
    category: 'Alimentação e Supermercados',
  });
  await insertInvoices(db.db, owner.accountId, [
    {
      number: 'DONO 1',
      supplierName: 'Padaria Central, Lda',
      supplierNif: padariaNif,
      issueDate: today,
      dueDate: addDays(today, 30),
      totalCents: 123_456,
      vatCents: 23_085,
      notes: 'com, vírgula',
    },
    {
      number: 'DONO NC',
      documentType: 'NC',
      issueDate: earlier,
      dueDate: earlier,
      totalCents: 1_050,
      vatCents: 0,
      paymentStatus: 'Paga',
      isPaid: true,
    },
  ]);
  await insertInvoices(db.db, other.accountId, [{ number: 'OUTRA 1' }, { number: 'OUTRA 2' }]);
  ownerFeed = await createFeed(owner);
  otherFeed = await createFeed(other);
});

afterAll(async () => {
  await owner.close();
  await other.close();
  await db.close();
});

test('the feed answers without a session: the account’s invoices as comma-separated CSV', async () => {
  const res = await readFeed(owner, ownerFeed.paths.sheets);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = await bytesOf(res);
  // No BOM: IMPORTDATA would keep it in the first heading.
  expect(bytes[0]).toBe('D'.charCodeAt(0));
  const text = bytes.toString('utf8');
  expect(text.split('\r\n')[0]).toBe(HEADINGS);
  const rows = parseCsv(text, ',');
  expect(numbersOf(rows).sort()).toEqual(['DONO 1', 'DONO NC']);
  const ft = rows.find((row) => row[3] === 'DONO 1');
  expect(ft?.[0]).toBe(today);
  expect(ft?.slice(5, 8)).toEqual([
    'Padaria Central, Lda',
    padariaNif,
    'Alimentação e Supermercados',
  ]);
  expect(text).toContain(`,"Padaria Central, Lda",${padariaNif},`);
  expect(ft?.slice(10)).toEqual(['1003.71', '230.85', '1234.56', 'com, vírgula']);
  expect(text).toContain(',"com, vírgula"\r\n');
  expect(rows.find((row) => row[3] === 'DONO NC')?.slice(10, 13)).toEqual([
    '-10.50',
    '0.00',
    '-10.50',
  ]);
});

test('format=excel is byte for byte the export’s Portuguese Excel CSV', async () => {
  const feed = await bytesOf(await readFeed(owner, ownerFeed.paths.excel));
  const exported = await owner.app.request('/api/exports/invoices.csv?period=all', {
    headers: { cookie: owner.cookie },
  });
  expect(exported.status).toBe(200);
  expect([...feed.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(feed.equals(await bytesOf(exported))).toBe(true);
});

test('period narrows the feed as it narrows the list', async () => {
  const rows = await feedRows(await readFeed(owner, `${ownerFeed.paths.sheets}?period=thisMonth`));
  expect(numbersOf(rows)).toEqual(['DONO 1']);
});

test('another account’s secret never returns this account’s rows', async () => {
  const rows = await feedRows(await readFeed(other, otherFeed.paths.sheets));
  expect(numbersOf(rows).sort()).toEqual(['OUTRA 1', 'OUTRA 2']);
  // Through the owner's app too: the token decides, not the app or anything else of the request.
  const same = await feedRows(
    await readFeed(owner, otherFeed.paths.sheets, { cookie: owner.cookie }),
  );
  expect(numbersOf(same).sort()).toEqual(['OUTRA 1', 'OUTRA 2']);
});

async function expectGone(t: SignedInTestApp, path: string) {
  const res = await readFeed(t, path);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({
    error: { code: 'FEED_NOT_FOUND', message: 'Este endereço de feed não existe ou foi revogado.' },
  });
}

test('after a rotation the old URL answers 404 in the one error shape, the new one the rows', async () => {
  const t = await feedAccount(db);
  await insertInvoices(db.db, t.accountId, [{ number: 'ROT 1' }]);
  const first = await createFeed(t);
  expect(numbersOf(await feedRows(await readFeed(t, first.paths.sheets)))).toEqual(['ROT 1']);
  const res = await t.client.api.integrations.feed.rotate.$post();
  expect(res.status).toBe(200);
  const second = (await res.json()) as RevealedFeedDto;
  expect(second.token).not.toBe(first.token);
  await expectGone(t, first.paths.sheets);
  await expectGone(t, first.paths.excel);
  expect(numbersOf(await feedRows(await readFeed(t, second.paths.sheets)))).toEqual(['ROT 1']);
  await t.close();
});

test('after a revocation the URL answers 404', async () => {
  const t = await feedAccount(db);
  const feed = await createFeed(t);
  expect((await readFeed(t, feed.paths.sheets)).status).toBe(200);
  expect((await t.client.api.integrations.feed.$delete()).status).toBe(204);
  await expectGone(t, feed.paths.sheets);
  await t.close();
});

test('a token that never existed, or could not be one, gets the same 404', async () => {
  const unknown = 'A'.repeat(43);
  for (const token of [unknown, 'abc', 'x'.repeat(500), '%C3%A9'.repeat(10)]) {
    await expectGone(owner, `/api/feed/${token}/faturas.csv`);
  }
  // One character off the owner's token.
  const last = ownerFeed.token.at(-1) === 'A' ? 'B' : 'A';
  await expectGone(owner, `/api/feed/${ownerFeed.token.slice(0, -1)}${last}/faturas.csv`);
});

test('a bad format or period is refused 400 with a pt-PT message', async () => {
  for (const [query, message] of [
    ['?format=pdf', FEED_MESSAGES.format],
    ['?format=', FEED_MESSAGES.format],
    ['?period=ontem', FEED_MESSAGES.period],
  ] as const) {
    const res = await readFeed(owner, `${ownerFeed.paths.sheets}${query}`);
    expect(res.status, query).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'VALIDATION', message });
  }
});

test('an account whose plan lost integrations gets 403 PLAN_REQUIRED, and the feed back with the plan', async () => {
  const t = await feedAccount(db);
  const feed = await createFeed(t);
  const plans = { db: db.db, events: t.events };
  await grantPlan(plans, { accountId: t.accountId, planId: 'professional' });
  const res = await readFeed(t, feed.paths.sheets);
  expect(res.status).toBe(403);
  expect(((await res.json()) as { error: unknown }).error).toMatchObject({
    code: 'PLAN_REQUIRED',
    message: 'As integrações estão disponíveis a partir do plano Empresarial 500.',
    details: { feature: 'integrations', requiredPlan: 'enterprise_500' },
  });
  await grantPlan(plans, { accountId: t.accountId, planId: 'free' });
  expect((await readFeed(t, feed.paths.sheets)).status).toBe(403);
  await grantPlan(plans, { accountId: t.accountId, planId: 'enterprise_1000' });
  expect((await readFeed(t, feed.paths.sheets)).status).toBe(200);
  await t.close();
});

test('only the hash of the token is stored', async () => {
  const [row] = await db.db
    .select()
    .from(feedSecrets)
    .where(eq(feedSecrets.accountId, owner.accountId));
  expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(row)).not.toContain(ownerFeed.token);
});
