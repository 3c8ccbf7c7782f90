import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { subscriptions } from '#server/db/schema/index.ts';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import type { PaidPlanId } from '#server/services/billing/billing-provider.ts';
import { createStripeBilling } from '#server/services/billing/stripe-billing.ts';
import { lookupKeyOf } from '#server/services/billing/stripe-prices.ts';
import {
  startStripeStandIn,
  type FormObject,
  type StripeStandIn,
} from '#server/services/billing/stripe-stand-in.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import {
  deliver,
  seconds,
  stripeEvent,
  subscriptionObject,
  TEST_WEBHOOK_SECRET,
} from './stripe-test-events.ts';

const DAY = 86_400_000;
let standIn: StripeStandIn;
let t: SignedInTestApp;
let sequence = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const billing = createStripeBilling({
    secretKey: 'sk_test_standin',
    webhookSecret: TEST_WEBHOOK_SECRET,
    appUrl: 'https://papelada.example/',
    logger: pino({ level: 'silent' }),
    api: standIn.address,
  });
  t = await createTestApp({ plan: 'free', billing });
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

// Every test starts from an account without a subscription.
beforeEach(async () => {
  await t.db.db.delete(subscriptions).where(eq(subscriptions.accountId, t.accountId));
});

const post = (path: string, body?: unknown) =>
  t.app.request(path, {
    method: 'POST',
    headers: {
      cookie: t.cookie,
      origin: 'http://localhost',
      'x-csrf-token': 'ab'.repeat(32),
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The account subscribed through Stripe to `plan`, as the webhooks would have stored it. */
async function subscribed(plan: PaidPlanId) {
  sequence += 1;
  const id = `sub_routes_${sequence}`;
  const customer = `cus_routes_${sequence}`;
  const periodStart = new Date(Date.now() - 3 * DAY);
  const periodEnd = new Date(Date.now() + 27 * DAY);
  standIn.addSubscription({
    id,
    customer,
    lookupKey: lookupKeyOf(plan),
    periodStart: seconds(periodStart),
    periodEnd: seconds(periodEnd),
  });
  await t.db.db.insert(subscriptions).values({
    accountId: t.accountId,
    planId: plan,
    status: 'active',
    provider: 'stripe',
    currentPeriodStart: periodStart,
    currentPeriodEnd: new Date(seconds(periodEnd) * 1000),
    providerCustomerId: customer,
    providerSubscriptionId: id,
  });
  return { id, customer, periodStart, periodEnd: new Date(seconds(periodEnd) * 1000) };
}

const lastRequest = (method: string, path: string) => standIn.requestsTo(method, path).at(-1);
const priceWithKey = (plan: PaidPlanId) =>
  standIn.requestsTo('POST', '/v1/prices').find((r) => r.params.lookup_key === lookupKeyOf(plan));

test('checkout opens a Stripe Checkout Session for the plan, its monthly EUR price created once by lookup key', async () => {
  const res = await t.client.api.billing.checkout.$post({
    json: { plan: 'professional', metadata: { origem: 'landing', account_id: 'someone-else' } },
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

  const price = priceWithKey('professional');
  expect(price?.params).toMatchObject({
    currency: 'eur',
    unit_amount: '990',
    recurring: { interval: 'month', interval_count: '1' },
    lookup_key: 'papelada_professional_monthly',
  });
  const session = lastRequest('POST', '/v1/checkout/sessions')?.params;
  expect(session).toMatchObject({
    mode: 'subscription',
    line_items: { '0': { quantity: '1' } },
    client_reference_id: t.accountId,
    customer_email: t.email,
    allow_promotion_codes: 'true',
    locale: 'pt',
    success_url: 'https://papelada.example/subscription-success',
    cancel_url: 'https://papelada.example/subscription-canceled',
    // The web's notes are kept; whose subscription it is cannot be overwritten by them.
    metadata: { origem: 'landing', account_id: t.accountId, plan_id: 'professional' },
    subscription_data: { metadata: { account_id: t.accountId, plan_id: 'professional' } },
  });
  const lineItem = (session?.line_items as FormObject)['0'] as FormObject;
  expect(lineItem.price).toMatch(/^price_standin_/);

  // The price is looked up, not created again.
  const pricesCreated = standIn.requestsTo('POST', '/v1/prices').length;
  expect(
    (await t.client.api.billing.checkout.$post({ json: { plan: 'professional' } })).status,
  ).toBe(200);
  expect(standIn.requestsTo('POST', '/v1/prices')).toHaveLength(pricesCreated);
});

test('each paid plan is sold at its catalogue price', async () => {
  for (const [plan, cents] of [
    ['enterprise_500', '3990'],
    ['enterprise_1000', '5990'],
  ] as const) {
    expect((await t.client.api.billing.checkout.$post({ json: { plan } })).status).toBe(200);
    expect(priceWithKey(plan)?.params.unit_amount).toBe(cents);
  }
});

test('a valid coupon is applied to the checkout as its promotion code; an invalid one is refused before any session', async () => {
  standIn.addPromotionCode({ id: 'promo_bemvindo', code: 'BEMVINDO10' });
  const res = await t.client.api.billing.checkout.$post({
    json: { plan: 'professional', couponCode: 'bemvindo10' },
  });
  expect(res.status).toBe(200);
  const session = lastRequest('POST', '/v1/checkout/sessions')?.params;
  expect(session?.discounts).toEqual({ '0': { promotion_code: 'promo_bemvindo' } });
  expect(session?.allow_promotion_codes).toBeUndefined();
  expect(session?.metadata).toMatchObject({ coupon_code: 'bemvindo10' });

  const sessions = standIn.requestsTo('POST', '/v1/checkout/sessions').length;
  const refused = await t.client.api.billing.checkout.$post({
    json: { plan: 'professional', couponCode: 'NAOEXISTE' },
  });
  expect(refused.status).toBe(400);
  expect(await errorOf(refused)).toEqual({
    code: 'INVALID_COUPON',
    message: 'Cupão inválido ou expirado',
  });
  expect(standIn.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(sessions);
});

test('validate-coupon accepts an active promotion code and refuses unknown, expired and used-up ones', async () => {
  standIn.addPromotionCode({ code: 'VERAO25' });
  standIn.addPromotionCode({ code: 'EXPIRADO', expires_at: seconds(new Date(Date.now() - DAY)) });
  standIn.addPromotionCode({ code: 'ESGOTADO', max_redemptions: 5, times_redeemed: 5 });
  standIn.addPromotionCode({ code: 'INATIVO', active: false });
  const check = async (couponCode: string) =>
    (await t.client.api.billing['validate-coupon'].$post({ json: { couponCode } })).json();
  expect(await check(' VERAO25 ')).toEqual({ valid: true });
  for (const code of ['NADA', 'EXPIRADO', 'ESGOTADO', 'INATIVO']) {
    expect(await check(code)).toEqual({ valid: false, error: 'Cupão inválido ou expirado' });
  }
  expect(lastRequest('GET', '/v1/promotion_codes')?.params).toMatchObject({
    code: 'INATIVO',
    active: 'true',
  });
});

test('the portal opens for the Stripe customer of the account and returns to /subscription', async () => {
  const none = await post('/api/billing/portal');
  expect(none.status).toBe(409);
  expect((await errorOf(none)).code).toBe('NO_SUBSCRIPTION');

  const { customer } = await subscribed('professional');
  const res = await post('/api/billing/portal');
  expect(res.status).toBe(200);
  expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  expect(lastRequest('POST', '/v1/billing_portal/sessions')?.params).toEqual({
    customer,
    return_url: 'https://papelada.example/subscription',
    locale: 'pt',
  });
});

test('an account already subscribed through Stripe is not sent to a second checkout', async () => {
  await subscribed('professional');
  const res = await t.client.api.billing.checkout.$post({ json: { plan: 'enterprise_500' } });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).code).toBe('ALREADY_SUBSCRIBED');
});

test('an upgrade changes the price now and invoices the proportional difference; the plan follows the webhook', async () => {
  const { id, customer } = await subscribed('professional');
  const res = await post('/api/billing/change-plan', { targetPlan: 'enterprise_500' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    immediate: true,
    scheduled: false,
    scheduled_date: null,
    message:
      'Plano alterado para Empresarial 500. A diferença do período atual é cobrada agora, proporcionalmente.',
  });
  const update = lastRequest('POST', `/v1/subscriptions/${id}`)?.params;
  expect(update).toMatchObject({
    proration_behavior: 'always_invoice',
    cancel_at_period_end: 'false',
    items: {
      '0': {
        id: expect.stringMatching(/^si_/),
        price: standIn.priceId(lookupKeyOf('enterprise_500')),
      },
    },
    metadata: { plan_id: 'enterprise_500' },
  });
  // Stripe's webhook is what changes the plan here.
  const [before] = await t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, t.accountId));
  expect(before?.planId).toBe('professional');
  const event = stripeEvent(
    'customer.subscription.updated',
    subscriptionObject({
      id,
      customer,
      plan: 'enterprise_500',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY),
    }),
    new Date(),
  );
  expect((await deliver(t, event)).status).toBe(200);
  const view = await (await t.client.api.billing.subscription.$get()).json();
  expect(view).toMatchObject({ subscription_tier: 'enterprise_500', monthly_invoice_limit: 500 });
});

test('a downgrade is scheduled for the period end with no refund: a subscription schedule, shown until Stripe applies it', async () => {
  const { id, customer, periodEnd } = await subscribed('enterprise_500');
  const res = await post('/api/billing/change-plan', { targetPlan: 'professional' });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { scheduled_date: string; message: string };
  expect(answer).toMatchObject({
    immediate: false,
    scheduled: true,
    scheduled_date: periodEnd.toISOString(),
  });
  expect(answer.message).toMatch(
    /^A mudança para o plano Personal fica agendada para \d\d\/\d\d\/\d{4}\. Até lá mantém o plano Empresarial 500, sem reembolso\.$/,
  );
  expect(lastRequest('POST', '/v1/subscription_schedules')?.params).toEqual({
    from_subscription: id,
  });
  const scheduleUpdate = standIn.requests
    .filter((r) => r.method === 'POST' && /^\/v1\/subscription_schedules\/[^/]+$/.test(r.path))
    .at(-1)?.params;
  const phases = scheduleUpdate?.phases as FormObject;
  expect(scheduleUpdate).toMatchObject({ end_behavior: 'release', proration_behavior: 'none' });
  expect(phases['0']).toMatchObject({ end_date: String(seconds(periodEnd)) });
  expect(phases['1']).toMatchObject({
    duration: { interval: 'month', interval_count: '1' },
    metadata: { plan_id: 'professional' },
  });
  expect(standIn.requestsTo('POST', `/v1/subscriptions/${id}`)).toHaveLength(0);

  const view = await (await t.client.api.billing.subscription.$get()).json();
  expect(view).toMatchObject({
    subscription_tier: 'enterprise_500',
    scheduledChange: { planId: 'professional', at: periodEnd.toISOString() },
  });

  // Stripe's update with the schedule attached keeps it; the one at the period end applies it.
  const scheduleId = String(standIn.subscription(id)?.schedule);
  const object = (plan: PaidPlanId) =>
    subscriptionObject({
      id,
      customer,
      plan,
      periodStart: new Date(Date.now() - DAY),
      periodEnd,
      schedule: plan === 'enterprise_500' ? scheduleId : null,
    });
  await deliver(
    t,
    stripeEvent(
      'customer.subscription.updated',
      object('enterprise_500'),
      new Date(Date.now() - 1_000),
    ),
  );
  expect(await (await t.client.api.billing.subscription.$get()).json()).toMatchObject({
    scheduledChange: { planId: 'professional' },
  });
  await deliver(
    t,
    stripeEvent('customer.subscription.updated', object('professional'), new Date()),
  );
  expect(await (await t.client.api.billing.subscription.$get()).json()).toMatchObject({
    subscription_tier: 'professional',
    scheduledChange: null,
  });
});

test('a downgrade to Gratuito cancels at the period end; choosing the current plan again calls it off', async () => {
  const { id, periodEnd } = await subscribed('professional');
  const res = await post('/api/billing/change-plan', { targetPlan: 'free' });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { message: string };
  expect(answer).toMatchObject({ scheduled: true, scheduled_date: periodEnd.toISOString() });
  expect(answer.message).toMatch(
    /^A subscrição termina a \d\d\/\d\d\/\d{4}\. Até lá mantém o plano Personal, sem reembolso; depois passa ao plano Gratuito\.$/,
  );
  expect(lastRequest('POST', `/v1/subscriptions/${id}`)?.params).toEqual({
    cancel_at_period_end: 'true',
  });

  const undo = await post('/api/billing/change-plan', { targetPlan: 'professional' });
  expect(await undo.json()).toEqual({
    immediate: true,
    scheduled: false,
    scheduled_date: null,
    message: 'A alteração agendada foi cancelada. Mantém o plano Personal.',
  });
  expect(lastRequest('POST', `/v1/subscriptions/${id}`)?.params).toEqual({
    cancel_at_period_end: 'false',
  });
  expect(await (await t.client.api.billing.subscription.$get()).json()).toMatchObject({
    scheduledChange: null,
  });

  const same = await post('/api/billing/change-plan', { targetPlan: 'professional' });
  expect(same.status).toBe(409);
  expect(await errorOf(same)).toEqual({ code: 'SAME_PLAN', message: 'Já está no plano Personal.' });
});

test('update-subscription applies a downgrade now, the unused part credited', async () => {
  const { id } = await subscribed('enterprise_1000');
  const res = await post('/api/billing/update-subscription', { newPlan: 'enterprise_500' });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ immediate: true, scheduled: false });
  expect(lastRequest('POST', `/v1/subscriptions/${id}`)?.params).toMatchObject({
    proration_behavior: 'create_prorations',
  });
});

test('a plan change without a Stripe subscription, or on a plan the operator granted, is refused', async () => {
  const none = await post('/api/billing/change-plan', { targetPlan: 'enterprise_500' });
  expect(none.status).toBe(409);
  expect((await errorOf(none)).code).toBe('NO_SUBSCRIPTION');

  await grantPlan(
    { db: t.db.db, events: t.events },
    { accountId: t.accountId, planId: 'professional' },
  );
  const granted = await post('/api/billing/change-plan', { targetPlan: 'enterprise_500' });
  expect(granted.status).toBe(409);
  expect(await errorOf(granted)).toEqual({
    code: 'BILLING_UNAVAILABLE',
    message: 'O seu plano foi atribuído pelo administrador. Contacte o suporte para o alterar.',
  });
});

test('a Stripe failure is 502 with the spec toast, never a 500', async () => {
  standIn.failNext('/v1/checkout/sessions', 400);
  const res = await t.client.api.billing.checkout.$post({ json: { plan: 'professional' } });
  expect(res.status).toBe(502);
  expect(await errorOf(res)).toEqual({
    code: 'BILLING_PROVIDER_ERROR',
    message: 'Erro ao criar sessão de pagamento',
  });
  standIn.failNext('/v1/promotion_codes', 400);
  const coupon = await t.client.api.billing['validate-coupon'].$post({
    json: { couponCode: 'X1' },
  });
  expect(coupon.status).toBe(502);
  expect((await errorOf(coupon)).message).toBe('Erro ao validar cupão');
});

test('the subscription view says Stripe sells plans here', async () => {
  const view = await (await t.client.api.billing.subscription.$get()).json();
  expect(view).toMatchObject({
    provider: 'stripe',
    checkoutAvailable: true,
    subscription_tier: 'free',
    status: null,
  });
});
