// The admin commands (DESIGN.md contract 7) on a real migrated database, with the app beside
// them: what a command changes is checked through the API a signed-in tab uses.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { subscriptions } from '#server/db/schema/index.ts';
import { postJson, particularSignUp } from '#server/features/auth/test-helpers.ts';
import {
  errorOf,
  invoiceApi,
  invoiceBody,
} from '#server/features/invoices/invoice-test-helpers.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import type { AdminRequest } from './admin-request.ts';
import { createAdminTestContext, type AdminTestContext } from './admin-test-helpers.ts';

let admin: AdminTestContext;

beforeAll(async () => {
  admin = await createAdminTestContext();
});

afterAll(() => admin.close());

const run: AdminTestContext['run'] = (request, now) => admin.run(request, now);
const signedUp: AdminTestContext['signedUp'] = (prefix) => admin.signedUp(prefix);
const profileOf: AdminTestContext['profileOf'] = (cookie) => admin.profileOf(cookie);

function heard(accountId: string): AccountEvent[] {
  const events: AccountEvent[] = [];
  admin.t.events.subscribe(accountId, (event) => events.push(event));
  return events;
}

test('set-plan lifts the limits at once and tells the open tabs', async () => {
  const ana = await signedUp('ana');
  expect((await profileOf(ana.cookie)).planId).toBe('free');
  const events = heard(ana.accountId);

  const output = await run({
    command: 'set-plan',
    email: ana.email,
    plan: 'professional',
    until: null,
  });

  expect(output).toEqual({
    exitCode: 0,
    stdout: `Plano Personal atribuído a ${ana.email}, sem data de fim.\nAs páginas abertas desta conta atualizam-se sozinhas.\n`,
    stderr: '',
  });
  expect(await profileOf(ana.cookie)).toMatchObject({
    planId: 'professional',
    monthlyInvoiceLimit: 120,
  });
  expect(events).toContainEqual({ type: 'subscription.changed' });
});

test('set-plan frees the 16th invoice of the month of a free account', async () => {
  const rui = await signedUp('rui');
  const api = invoiceApi(admin.t, rui.cookie);
  await insertInvoices(
    admin.t.db.db,
    rui.accountId,
    Array.from({ length: 15 }, () => ({})),
  );
  const refusedRes = await api.send('POST', '/api/invoices', invoiceBody());
  expect(refusedRes.status).toBe(403);
  expect((await errorOf(refusedRes)).code).toBe('MONTHLY_LIMIT_REACHED');

  await run({
    command: 'set-plan',
    email: rui.email.toUpperCase(),
    plan: 'enterprise_500',
    until: null,
  });

  expect((await api.send('POST', '/api/invoices', invoiceBody())).status).toBe(201);
  const counter = await (await api.get('/api/invoices/counter')).json();
  expect(counter).toMatchObject({ current_count: 16, monthly_limit: 500 });
});

test('set-plan --until ends the rights at the end of that day in Lisbon', async () => {
  const eva = await signedUp('eva');
  const now = () => new Date('2026-07-10T12:00:00Z');
  const output = await run(
    { command: 'set-plan', email: eva.email, plan: 'professional', until: '2026-07-31' },
    now,
  );
  expect(output.stdout).toContain('até ao fim do dia 31/07/2026 (hora de Lisboa)');
  const [row] = await admin.t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, eva.accountId));
  // Summer time: Lisbon's midnight of 1 August is 23:00 UTC on the 31st.
  expect(row?.endsAt?.toISOString()).toBe('2026-07-31T23:00:00.000Z');
  expect(row).toMatchObject({ planId: 'professional', status: 'active', provider: 'manual' });
});

test('set-plan refuses a bad plan date, a past one and an end for Gratuito, changing nothing', async () => {
  const leo = await signedUp('leo');
  const cases: Array<[AdminRequest, string]> = [
    [
      { command: 'set-plan', email: leo.email, plan: 'professional', until: '2026-02-30' },
      "Data inválida: '2026-02-30'. Use o formato AAAA-MM-DD, por exemplo 2026-12-31.\n",
    ],
    [
      { command: 'set-plan', email: leo.email, plan: 'professional', until: '31/12/2026' },
      "Data inválida: '31/12/2026'. Use o formato AAAA-MM-DD, por exemplo 2026-12-31.\n",
    ],
    [
      { command: 'set-plan', email: leo.email, plan: 'professional', until: '2020-01-01' },
      'A data 2020-01-01 já passou',
    ],
    [
      { command: 'set-plan', email: leo.email, plan: 'free', until: '2099-01-01' },
      'O plano Gratuito não tem data de fim: retire --until.\n',
    ],
  ];
  for (const [request, message] of cases) {
    const output = await run(request);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toContain(message);
  }
  expect((await profileOf(leo.cookie)).planId).toBe('free');
});

test('every command refuses an unknown email with exit 1', async () => {
  const email = 'ninguem@exemplo.pt';
  const requests: AdminRequest[] = [
    { command: 'set-plan', email, plan: 'professional', until: null },
    { command: 'cancel-plan', email },
    { command: 'verify-email', email },
    { command: 'export-account', email, dir: path.join(admin.tmp, 'nunca') },
    { command: 'delete-preview', email },
    { command: 'delete-account', email },
    { command: 'security-events', email, json: false },
  ];
  for (const request of requests) {
    expect(await run(request)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Não existe nenhuma conta com o email ninguem@exemplo.pt.\n',
    });
  }
});

test('cancel-plan keeps the rights to the period end, then Gratuito with nothing deleted', async () => {
  const ines = await signedUp('ines');
  const grantedAt = new Date();
  await run({ command: 'set-plan', email: ines.email, plan: 'professional', until: null });
  await insertInvoices(
    admin.t.db.db,
    ines.accountId,
    Array.from({ length: 20 }, () => ({})),
  );

  const output = await run({ command: 'cancel-plan', email: ines.email });

  expect(output.exitCode).toBe(0);
  expect(output.stdout).toMatch(
    /^Plano Personal da conta .* cancelado\. Os direitos mantêm-se até \d\d\/\d\d\/\d{4} às \d\d:\d\d \(hora de Lisboa\)/,
  );
  const [row] = await admin.t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, ines.accountId));
  expect(row?.status).toBe('canceled');
  // A month from the grant, to the millisecond the period started.
  const end = row?.endsAt ?? new Date(0);
  expect(end.getTime() - grantedAt.getTime()).toBeGreaterThan(27 * 86_400_000);
  expect((await profileOf(ines.cookie)).planId).toBe('professional');

  const again = await run({ command: 'cancel-plan', email: ines.email });
  expect(again.exitCode).toBe(1);
  expect(again.stderr).toContain('já estava cancelado; os direitos terminam');

  // The period ran out: Gratuito's rights, and the 20 invoices are all still there.
  await admin.t.db.db
    .update(subscriptions)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.accountId, ines.accountId));
  // A change made behind the app's back: the cached session must forget the subscription.
  await admin.t.events.publish(ines.accountId, { type: 'subscription.changed' });
  const api = invoiceApi(admin.t, ines.cookie);
  expect((await profileOf(ines.cookie)).planId).toBe('free');
  const counter = await (await api.get('/api/invoices/counter')).json();
  expect(counter).toMatchObject({ current_count: 20, monthly_limit: 15, is_at_limit: true });
});

test('cancel-plan refuses a free account and a Stripe subscription', async () => {
  const free = await signedUp('gratis');
  expect(await run({ command: 'cancel-plan', email: free.email })).toMatchObject({
    exitCode: 1,
    stderr: `A conta ${free.email} não tem nenhum plano pago (está no Gratuito).\n`,
  });
  const paying = await signedUp('stripe');
  await admin.t.db.db.insert(subscriptions).values({
    accountId: paying.accountId,
    planId: 'professional',
    status: 'active',
    provider: 'stripe',
    providerSubscriptionId: 'sub_123',
  });
  const output = await run({ command: 'cancel-plan', email: paying.email });
  expect(output.exitCode).toBe(1);
  expect(output.stderr).toContain('é paga pelo Stripe');
  const [row] = await admin.t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, paying.accountId));
  expect(row?.status).toBe('active');
});

test('verify-email lets an account whose mail never arrived sign in', async () => {
  const email = admin.newEmail('sem-correio');
  expect((await postJson(admin.t, '/api/account/sign-up', particularSignUp(email))).status).toBe(
    201,
  );
  const signIn = () =>
    postJson(admin.t, '/api/auth/sign-in/email', {
      email,
      password: particularSignUp(email).password,
    });
  expect((await signIn()).status).toBe(403);

  expect(await run({ command: 'verify-email', email })).toEqual({
    exitCode: 0,
    stdout: `Email ${email} marcado como verificado.\n`,
    stderr: '',
  });
  expect((await signIn()).status).toBe(200);
  expect((await run({ command: 'verify-email', email })).stdout).toBe(
    `O email ${email} já estava verificado.\n`,
  );
});

test('security-events lists every account’s events, or one account’s, newest first', async () => {
  const rita = await signedUp('rita');
  const tomas = await signedUp('tomas');
  for (const email of [rita.email, tomas.email]) {
    const res = await postJson(admin.t, '/api/auth/sign-in/email', { email, password: 'errada1' });
    expect(res.status).toBe(401);
  }

  const all = await run({ command: 'security-events', email: null, json: false });
  expect(all.exitCode).toBe(0);
  const lines = all.stdout.split('\n');
  expect(lines[0]).toMatch(/^Quando\s+Conta\s+Evento\s+Gravidade\s+IP\s+Detalhe$/);
  // Newest first: Tomás failed last.
  const rows = lines.filter((line) => line.includes('Tentativa de acesso falhada'));
  expect(rows[0]).toContain(tomas.email);
  expect(rows[1]).toContain(rita.email);

  const one = await run({
    command: 'security-events',
    email: rita.email.toUpperCase(),
    json: true,
  });
  const events = JSON.parse(one.stdout) as { email: string; kind: string; severity: string }[];
  expect(events).toEqual([
    expect.objectContaining({ email: rita.email, kind: 'login_failed', severity: 'low' }),
  ]);
});
