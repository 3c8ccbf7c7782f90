import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { subscriptions } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { cancelPlan, grantPlan } from '#server/features/plans/plan-changes.ts';
import { createManualBilling } from '#server/services/billing/manual-billing.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import type { SubscriptionView } from './subscription-view.ts';

const UNAVAILABLE =
  'Nesta instalação os planos são atribuídos pelo administrador. Contacte o suporte para mudar de plano.';

let t: SignedInTestApp;
let api: InvoiceApi;

beforeAll(async () => {
  t = await createTestApp({ plan: 'free' });
  api = invoiceApi(t, t.cookie);
});

afterAll(() => t.close());

async function subscriptionOf(client: InvoiceApi): Promise<SubscriptionView> {
  const res = await client.get('/api/billing/subscription');
  expect(res.status).toBe(200);
  return res.json();
}

/** A fresh signed-in account of this app, on Gratuito. */
async function newAccount(name: string) {
  const cookie = await signUpVerified(t, `${name}.${Date.now()}@exemplo.pt`);
  return { client: invoiceApi(t, cookie), accountId: await accountIdOf(t, cookie) };
}

test('a Gratuito account reads its subscription: no plan, the built-in provider, and its usage this month', async () => {
  await insertInvoices(
    t.db.db,
    t.accountId,
    Array.from({ length: 12 }, () => ({})),
  );
  expect(await subscriptionOf(api)).toEqual({
    subscribed: false,
    subscription_tier: 'free',
    monthly_invoice_limit: 15,
    status: null,
    provider: 'manual',
    checkoutAvailable: false,
    currentPeriodEnd: null,
    endsAt: null,
    scheduledChange: null,
    couponCode: null,
    imagesPerInvoice: 1,
    usage: { current_count: 12, monthly_limit: 15, percentage_used: 80, is_at_limit: false },
  });
});

test('a plan the operator granted shows with its rights, and a grant with an end date shows the date', async () => {
  const { client, accountId } = await newAccount('concedido');
  const until = new Date(Date.now() + 40 * 86_400_000);
  await grantPlan(
    { db: t.db.db, events: t.events },
    { accountId, planId: 'enterprise_500', endsAt: until },
  );
  expect(await subscriptionOf(client)).toMatchObject({
    subscribed: true,
    subscription_tier: 'enterprise_500',
    monthly_invoice_limit: 500,
    status: 'active',
    provider: 'manual',
    endsAt: until.toISOString(),
    imagesPerInvoice: 10,
    usage: { current_count: 0, monthly_limit: 500, percentage_used: 0, is_at_limit: false },
  });
});

test('without Stripe, checkout, the portal and plan changes answer 409 BILLING_UNAVAILABLE explaining how plans are obtained', async () => {
  const calls: Array<[string, unknown]> = [
    ['/api/billing/checkout', { plan: 'professional' }],
    ['/api/billing/portal', undefined],
    ['/api/billing/change-plan', { targetPlan: 'enterprise_500' }],
    ['/api/billing/update-subscription', { newPlan: 'professional' }],
  ];
  for (const [path, body] of calls) {
    const res = await api.send('POST', path, body);
    expect(res.status, path).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'BILLING_UNAVAILABLE', message: UNAVAILABLE });
  }
  expect(await subscriptionOf(api)).toMatchObject({ subscription_tier: 'free', status: null });
});

test('the explanation names SUPPORT_EMAIL when the installation has one', async () => {
  const withSupport = await createTestApp({
    plan: 'free',
    billing: createManualBilling({ supportEmail: 'suporte@papelada.pt' }),
  });
  try {
    const res = await withSupport.client.api.billing.checkout.$post({
      json: { plan: 'professional' },
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'BILLING_UNAVAILABLE',
      message:
        'Nesta instalação os planos são atribuídos pelo administrador. Contacte o suporte (suporte@papelada.pt) para mudar de plano.',
    });
  } finally {
    await withSupport.close();
  }
});

test('without Stripe no coupon is valid', async () => {
  for (const couponCode of ['BEMVINDO10', '', 'não é um código']) {
    const res = await api.send('POST', '/api/billing/validate-coupon', { couponCode });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: false, error: 'Cupão inválido ou expirado' });
  }
});

test('a checkout or plan change for an unknown plan, or a malformed body, is 400 in the one error shape', async () => {
  for (const [path, body] of [
    ['/api/billing/checkout', { plan: 'free' }],
    ['/api/billing/checkout', { plan: 'gold' }],
    ['/api/billing/checkout', { plan: 'professional', metadata: { origem: 12 } }],
    ['/api/billing/change-plan', { targetPlan: 'platinum' }],
    ['/api/billing/update-subscription', {}],
    ['/api/billing/validate-coupon', { couponCode: 42 }],
  ] as const) {
    const res = await api.send('POST', path, body);
    expect(res.status, path).toBe(400);
    expect((await errorOf(res)).code).toBe('VALIDATION');
  }
});

test('a sub-user without the settings right reads the subscription but cannot buy or change it', async () => {
  const asUser = await createTestApp({ plan: 'free', actAs: 'user' });
  try {
    expect((await asUser.client.api.billing.subscription.$get()).status).toBe(200);
    const res = await asUser.client.api.billing.checkout.$post({ json: { plan: 'professional' } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('FORBIDDEN');
  } finally {
    await asUser.close();
  }
});

test('without a session the billing routes are 401', async () => {
  const res = await t.app.request('/api/billing/subscription');
  expect(res.status).toBe(401);
});

test('a canceled plan keeps its rights until the period end, then Gratuito: nothing deleted, over-limit invoices readable, new ones refused', async () => {
  const { client, accountId } = await newAccount('lapso');
  const deps = { db: t.db.db, events: t.events };
  const endsAt = new Date(Date.now() + 2_000);
  await grantPlan(deps, { accountId, planId: 'professional', endsAt });
  await insertInvoices(
    t.db.db,
    accountId,
    Array.from({ length: 20 }, () => ({})),
  );
  expect(await cancelPlan(deps, { accountId })).toEqual({ kind: 'canceled', endsAt });

  expect(await subscriptionOf(client)).toMatchObject({
    subscription_tier: 'professional',
    status: 'canceled',
    endsAt: endsAt.toISOString(),
    usage: { current_count: 20, monthly_limit: 120 },
  });
  expect((await client.send('POST', '/api/invoices', invoiceBody())).status).toBe(201);

  await new Promise((resolve) => setTimeout(resolve, endsAt.getTime() - Date.now() + 50));
  expect(await subscriptionOf(client)).toMatchObject({
    subscribed: false,
    subscription_tier: 'free',
    monthly_invoice_limit: 15,
    status: 'canceled',
    imagesPerInvoice: 1,
    usage: { current_count: 21, monthly_limit: 15, percentage_used: 100, is_at_limit: true },
  });
  const list = await client.get('/api/invoices?limit=100');
  expect(list.status).toBe(200);
  expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(21);
  const refused = await client.send('POST', '/api/invoices', invoiceBody());
  expect(refused.status).toBe(403);
  expect((await errorOf(refused)).code).toBe('MONTHLY_LIMIT_REACHED');
  // The row stays, canceled: the history of the plan is not deleted either.
  const [row] = await t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  expect(row).toMatchObject({ planId: 'professional', status: 'canceled' });
});
