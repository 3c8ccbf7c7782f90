import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import {
  checkoutSessionObject,
  invoiceObject,
  seconds,
  stripeEvent,
} from './stripe-test-events.ts';
import { periodNow, subscriptionEvent, useStripeWebhookKit } from './stripe-webhook-test-kit.ts';

// Each event type Stripe sends that changes a plan (the replay, order and signature rules are in
// stripe-webhook-safety.routes.test.ts).
const kit = useStripeWebhookKit();
const deliver: typeof kit.deliver = (...args) => kit.deliver(...args);
const rowOf = (id: string) => kit.rowOf(id);
const newCustomer = () => kit.newCustomer();
const changesHeardBy = (id: string) => kit.changesHeardBy(id);

test('checkout.session.completed gives the account the plan it bought, read from Stripe, and open pages hear of it', async () => {
  const subscriptionId = 'sub_checkout_1';
  const period = periodNow();
  kit.standIn.addSubscription({
    id: subscriptionId,
    customer: 'cus_checkout_1',
    lookupKey: 'papelada_professional_monthly',
    periodStart: seconds(period.periodStart),
    periodEnd: seconds(period.periodEnd),
  });
  const session = checkoutSessionObject({
    accountId: kit.t.accountId,
    customer: 'cus_checkout_1',
    subscription: subscriptionId,
    plan: 'professional',
  });
  const res = await deliver(stripeEvent('checkout.session.completed', session, new Date()));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ received: true });

  const row = await rowOf(kit.t.accountId);
  expect(row).toMatchObject({
    planId: 'professional',
    status: 'active',
    provider: 'stripe',
    providerCustomerId: 'cus_checkout_1',
    providerSubscriptionId: subscriptionId,
    endsAt: null,
  });
  expect(row?.currentPeriodEnd?.getTime()).toBe(seconds(period.periodEnd) * 1000);
  expect(kit.standIn.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  expect(changesHeardBy(kit.t.accountId)).toBeGreaterThan(0);

  const view = await (await kit.t.client.api.billing.subscription.$get()).json();
  expect(view).toMatchObject({
    subscribed: true,
    subscription_tier: 'professional',
    monthly_invoice_limit: 120,
    status: 'active',
    provider: 'stripe',
    checkoutAvailable: true,
    imagesPerInvoice: 5,
  });
});

test('customer.subscription.created gives the plan of its price to the account named in its metadata', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const res = await deliver(
    subscriptionEvent('customer.subscription.created', new Date(), {
      id: subscription,
      customer,
      plan: 'enterprise_500',
      accountId,
    }),
  );
  expect(res.status).toBe(200);
  expect(await rowOf(accountId)).toMatchObject({
    planId: 'enterprise_500',
    status: 'active',
    providerSubscriptionId: subscription,
  });
  expect(changesHeardBy(accountId)).toBe(1);
});

test('customer.subscription.updated changes the plan, and cancel_at_period_end ends the rights at the period end', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const start = Date.now() - 60_000;
  await deliver(
    subscriptionEvent('customer.subscription.created', new Date(start), {
      id: subscription,
      customer,
      plan: 'professional',
      accountId,
    }),
  );
  // Found by its subscription id now: no metadata on the update.
  await deliver(
    subscriptionEvent('customer.subscription.updated', new Date(start + 10_000), {
      id: subscription,
      customer,
      plan: 'enterprise_1000',
    }),
  );
  expect(await rowOf(accountId)).toMatchObject({
    planId: 'enterprise_1000',
    status: 'active',
    endsAt: null,
  });

  const period = periodNow();
  await deliver(
    subscriptionEvent('customer.subscription.updated', new Date(start + 20_000), {
      id: subscription,
      customer,
      plan: 'enterprise_1000',
      cancelAtPeriodEnd: true,
      ...period,
    }),
  );
  const row = await rowOf(accountId);
  expect(row).toMatchObject({ planId: 'enterprise_1000', status: 'active' });
  expect(row?.endsAt?.getTime()).toBe(seconds(period.periodEnd) * 1000);
  expect(changesHeardBy(accountId)).toBe(3);
});

test('customer.subscription.deleted cancels: the rights end when it ended and nothing the account made is deleted', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  await insertInvoices(
    kit.t.db.db,
    accountId,
    Array.from({ length: 3 }, () => ({})),
  );
  const start = Date.now() - 60_000;
  await deliver(
    subscriptionEvent('customer.subscription.created', new Date(start), {
      id: subscription,
      customer,
      plan: 'professional',
      accountId,
    }),
  );
  const endedAt = new Date(start + 30_000);
  await deliver(
    subscriptionEvent('customer.subscription.deleted', endedAt, {
      id: subscription,
      customer,
      plan: 'professional',
      status: 'canceled',
      endedAt,
    }),
  );
  const row = await rowOf(accountId);
  expect(row).toMatchObject({ planId: 'professional', status: 'canceled' });
  expect(row?.endsAt?.getTime()).toBe(seconds(endedAt) * 1000);
  const [kept] = await kit.t.db.db
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  expect(kept?.n).toBe(3);
});

test('unpaid and incomplete_expired subscriptions are canceled, their rights ending at the event', async () => {
  for (const status of ['unpaid', 'incomplete_expired']) {
    const { accountId, customer, subscription } = await newCustomer();
    const created = new Date(Date.now() - 5_000);
    await deliver(
      subscriptionEvent('customer.subscription.updated', created, {
        id: subscription,
        customer,
        plan: 'professional',
        accountId,
        status,
      }),
    );
    const row = await rowOf(accountId);
    expect(row?.status).toBe('canceled');
    expect(row?.endsAt?.getTime()).toBe(seconds(created) * 1000);
  }
});

test('invoice.payment_failed makes the subscription past_due, keeping its rights; invoice.paid brings it back to active', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const start = Date.now() - 60_000;
  await deliver(
    subscriptionEvent('customer.subscription.created', new Date(start), {
      id: subscription,
      customer,
      plan: 'professional',
      accountId,
    }),
  );
  const failed = await deliver(
    stripeEvent('invoice.payment_failed', invoiceObject(subscription), new Date(start + 1_000)),
  );
  expect(failed.status).toBe(200);
  expect((await rowOf(accountId))?.status).toBe('past_due');
  await deliver(stripeEvent('invoice.paid', invoiceObject(subscription), new Date(start + 2_000)));
  expect((await rowOf(accountId))?.status).toBe('active');
  expect(changesHeardBy(accountId)).toBe(3);
});
