import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect, test } from 'vitest';
import { subscriptions } from '#server/db/schema/index.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import {
  deliver as deliverTo,
  invoiceObject,
  stripeEvent,
  subscriptionObject,
  TEST_WEBHOOK_SECRET,
} from './stripe-test-events.ts';
import { periodNow, subscriptionEvent, useStripeWebhookKit } from './stripe-webhook-test-kit.ts';

// The webhook's safety rules: replays change nothing, older events change nothing, a bad
// signature is refused before anything, and events not ours are recorded and left alone.
const kit = useStripeWebhookKit();
const deliver: typeof kit.deliver = (...args) => kit.deliver(...args);
const rowOf = (id: string) => kit.rowOf(id);
const newCustomer = () => kit.newCustomer();
const changesHeardBy = (id: string) => kit.changesHeardBy(id);
const eventsRecorded = (id: string) => kit.eventsRecorded(id);

test('a replayed event is answered 200 and changes nothing the second time', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const event = subscriptionEvent(
    'customer.subscription.created',
    new Date(),
    { id: subscription, customer, plan: 'professional', accountId },
    'evt_replayed_1',
  );
  expect((await deliver(event)).status).toBe(200);
  // Changed by hand since: a second application of the event would undo this.
  await kit.t.db.db
    .update(subscriptions)
    .set({ planId: 'enterprise_500', providerUpdatedAt: null })
    .where(eq(subscriptions.accountId, accountId));
  const heard = changesHeardBy(accountId);

  const replay = await deliver(event);
  expect(replay.status).toBe(200);
  expect((await rowOf(accountId))?.planId).toBe('enterprise_500');
  expect(changesHeardBy(accountId)).toBe(heard);
  expect(await eventsRecorded('evt_replayed_1')).toBe(1);
});

test('an update older than the state stored changes nothing, whatever order Stripe delivers in', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const base = Date.now() - 60_000;
  const newer = subscriptionEvent('customer.subscription.updated', new Date(base + 20_000), {
    id: subscription,
    customer,
    plan: 'enterprise_500',
    accountId,
  });
  const older = subscriptionEvent('customer.subscription.updated', new Date(base + 10_000), {
    id: subscription,
    customer,
    plan: 'professional',
    accountId,
    status: 'past_due',
  });
  expect((await deliver(newer)).status).toBe(200);
  expect((await deliver(older)).status).toBe(200);
  expect(await rowOf(accountId)).toMatchObject({ planId: 'enterprise_500', status: 'active' });
  // An invoice event older than the stored state is ignored too.
  await deliver(
    stripeEvent('invoice.payment_failed', invoiceObject(subscription), new Date(base + 15_000)),
  );
  expect((await rowOf(accountId))?.status).toBe('active');
});

test('the end of an older subscription does not take the rights of the one in force', async () => {
  const { accountId, customer } = await newCustomer();
  const base = Date.now() - 60_000;
  await deliver(
    subscriptionEvent('customer.subscription.created', new Date(base), {
      id: 'sub_old_1',
      customer,
      plan: 'professional',
      accountId,
    }),
  );
  await deliver(
    subscriptionEvent('customer.subscription.created', new Date(base + 10_000), {
      id: 'sub_new_1',
      customer,
      plan: 'enterprise_500',
      accountId,
    }),
  );
  await deliver(
    subscriptionEvent('customer.subscription.deleted', new Date(base + 20_000), {
      id: 'sub_old_1',
      customer,
      plan: 'professional',
      accountId,
      status: 'canceled',
      endedAt: new Date(base + 20_000),
    }),
  );
  expect(await rowOf(accountId)).toMatchObject({
    planId: 'enterprise_500',
    status: 'active',
    providerSubscriptionId: 'sub_new_1',
  });
});

test('a bad or missing signature is 400 in the one error shape, and nothing changes or is recorded', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const event = subscriptionEvent(
    'customer.subscription.created',
    new Date(),
    { id: subscription, customer, plan: 'professional', accountId },
    'evt_forged_1',
  );
  for (const options of [
    { secret: 'whsec_someone_else' },
    { signature: null },
    { signature: 't=1,v1=abc' },
  ]) {
    const res = await deliver(event, options);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: 'Assinatura do webhook inválida.' },
    });
  }
  // A body changed after signing.
  const signed = subscriptionEvent(
    'customer.subscription.created',
    new Date(),
    { id: subscription, customer, plan: 'professional', accountId },
    'evt_forged_2',
  );
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: JSON.stringify(signed),
    secret: TEST_WEBHOOK_SECRET,
  });
  const tampered = await deliver(
    { ...signed, type: 'customer.subscription.updated' },
    { signature: header },
  );
  expect(tampered.status).toBe(400);

  expect(await rowOf(accountId)).toBeNull();
  expect(await eventsRecorded('evt_forged_1')).toBe(0);
  expect(await eventsRecorded('evt_forged_2')).toBe(0);
  expect(changesHeardBy(accountId)).toBe(0);
});

test('events of no account of ours, prices not ours, or types not acted on are recorded and change nothing', async () => {
  const { accountId, customer, subscription } = await newCustomer();
  const stranger = subscriptionEvent(
    'customer.subscription.created',
    new Date(),
    { id: 'sub_stranger', customer: 'cus_stranger', plan: 'professional' },
    'evt_stranger',
  );
  expect((await deliver(stranger)).status).toBe(200);
  const foreignPrice = subscriptionObject({
    id: subscription,
    customer,
    plan: 'professional',
    accountId,
    ...periodNow(),
  });
  const items = foreignPrice.items as { data: Array<{ price: Record<string, unknown> }> };
  items.data[0]!.price = { id: 'price_other', lookup_key: 'another_product' };
  foreignPrice.metadata = { account_id: accountId };
  expect(
    (
      await deliver(
        stripeEvent('customer.subscription.created', foreignPrice, new Date(), 'evt_foreign_price'),
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await deliver(
        stripeEvent(
          'charge.refunded',
          { id: 'ch_1', object: 'charge' },
          new Date(),
          'evt_other_type',
        ),
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await deliver(
        stripeEvent('invoice.paid', invoiceObject(null), new Date(), 'evt_one_off_invoice'),
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await deliver(
        stripeEvent(
          'customer.subscription.updated',
          { id: 'sub_x', object: 'subscription' },
          new Date(),
          'evt_unreadable',
        ),
      )
    ).status,
  ).toBe(200);

  expect(await rowOf(accountId)).toBeNull();
  for (const id of [
    'evt_stranger',
    'evt_foreign_price',
    'evt_other_type',
    'evt_one_off_invoice',
    'evt_unreadable',
  ]) {
    expect(await eventsRecorded(id)).toBe(1);
  }
});

test('the webhook exists only with Stripe: the built-in provider answers 404', async () => {
  const manual = await createTestApp();
  try {
    const res = await deliverTo(
      manual,
      stripeEvent('invoice.paid', invoiceObject('sub_1'), new Date()),
    );
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  } finally {
    await manual.close();
  }
});
