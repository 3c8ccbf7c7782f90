// Tests only: the app with the Stripe provider against the local Stripe stand-in, and what the
// webhook tests ask of it (fresh customers, the stored row, the events recorded and heard).
import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { billingEvents, subscriptions } from '#server/db/schema/index.ts';
import { createStripeBilling } from '#server/services/billing/stripe-billing.ts';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '#server/services/billing/stripe-stand-in.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import {
  deliver,
  stripeEvent,
  subscriptionObject,
  TEST_WEBHOOK_SECRET,
  type SubscriptionObjectOptions,
} from './stripe-test-events.ts';

const DAY = 86_400_000;
let sequence = 0;

export const periodNow = () => ({
  periodStart: new Date(Date.now() - DAY),
  periodEnd: new Date(Date.now() + 29 * DAY),
});

export function subscriptionEvent(
  type: string,
  created: Date,
  options: Omit<SubscriptionObjectOptions, 'periodStart' | 'periodEnd'> &
    Partial<Pick<SubscriptionObjectOptions, 'periodStart' | 'periodEnd'>>,
  id?: string,
) {
  return stripeEvent(type, subscriptionObject({ ...periodNow(), ...options }), created, id);
}

export type StripeWebhookKit = {
  t: SignedInTestApp;
  standIn: StripeStandIn;
  deliver(
    event: Record<string, unknown>,
    options?: Parameters<typeof deliver>[2],
  ): Promise<Response>;
  /** A fresh account with its own Stripe customer and subscription ids. */
  newCustomer(): Promise<{ accountId: string; customer: string; subscription: string }>;
  rowOf(accountId: string): Promise<typeof subscriptions.$inferSelect | null>;
  /** How many 'subscription.changed' the account's pages heard. */
  changesHeardBy(accountId: string): number;
  /** How many billing_events rows have this id. */
  eventsRecorded(eventId: string): Promise<number>;
};

/** Registers the file's set-up and tear-down; the kit is ready inside the tests. */
export function useStripeWebhookKit(): StripeWebhookKit {
  const published: Array<{ accountId: string; event: AccountEvent }> = [];
  const kit = {} as StripeWebhookKit;
  beforeAll(async () => {
    const standIn = await startStripeStandIn();
    const billing = createStripeBilling({
      secretKey: 'sk_test_standin',
      webhookSecret: TEST_WEBHOOK_SECRET,
      appUrl: 'https://papelada.example',
      logger: pino({ level: 'silent' }),
      api: standIn.address,
    });
    const t = await createTestApp({ plan: 'free', billing });
    t.events.subscribeAll((accountId, event) => published.push({ accountId, event }));
    Object.assign(kit, {
      t,
      standIn,
      deliver: (event, options) => deliver(t, event, options),
      async newCustomer() {
        sequence += 1;
        const { id: accountId } = await insertAccount(t.db.db);
        return { accountId, customer: `cus_${sequence}`, subscription: `sub_${sequence}` };
      },
      async rowOf(accountId) {
        const [row] = await t.db.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.accountId, accountId));
        return row ?? null;
      },
      changesHeardBy: (accountId) =>
        published.filter(
          (p) => p.accountId === accountId && p.event.type === 'subscription.changed',
        ).length,
      async eventsRecorded(eventId) {
        const [row] = await t.db.db
          .select({ n: count() })
          .from(billingEvents)
          .where(eq(billingEvents.eventId, eventId));
        return row?.n ?? 0;
      },
    } satisfies StripeWebhookKit);
  });
  afterAll(async () => {
    await kit.t.close();
    await kit.standIn.close();
  });
  return kit;
}
