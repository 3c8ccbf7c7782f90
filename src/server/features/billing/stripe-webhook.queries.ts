// A verified Stripe event applied to the account's subscription — the only way a plan changes
// under Stripe. Each event is recorded in billing_events in the same transaction as its change,
// so a replay (Stripe retries, or delivers twice) finds its id and changes nothing. Events may
// arrive out of order: the subscription row keeps the `created` time of the event that last
// wrote it (provider_updated_at), and an older event about the same subscription changes nothing.
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  billingEvents,
  subscriptions,
  type Subscription,
} from '#server/db/schema/index.ts';
import type { BillingWebhooks } from '#server/services/billing/billing-provider.ts';
import { grantsRights } from '#shared/plans.ts';
import {
  checkoutCompletionOf,
  invoiceSubscriptionIdOf,
  subscriptionStateOf,
  type StripeSubscriptionState,
} from './stripe-event.ts';

export type StripeEventOutcome =
  /** The account's subscription changed: tell its servers and tabs. */
  | { kind: 'applied'; accountId: string }
  /** Already applied once. */
  | { kind: 'replay' }
  /** Recorded, nothing to change (not ours, older than the state stored, or no change). */
  | { kind: 'ignored'; reason: string };

type Tx = Database;

/** Records the event; false when it was recorded before (a replay). */
async function recordEvent(
  tx: Tx,
  event: Stripe.Event,
  accountId: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({ provider: 'stripe', eventId: event.id, type: event.type, accountId })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return inserted.length > 0;
}

/** By primary key (provider, event_id). */
async function isRecorded(db: Database, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whose subscription it is: the account named at checkout (if it still exists), else the
 * account already holding this subscription or this customer (subscriptions_provider_*_idx).
 */
async function resolveAccount(
  tx: Tx,
  state: Pick<StripeSubscriptionState, 'accountIdHint' | 'subscriptionId' | 'customerId'>,
): Promise<string | null> {
  if (state.accountIdHint) {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, state.accountIdHint));
    if (account) return account.id;
  }
  const [bySubscription] = await tx
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, state.subscriptionId))
    .limit(1);
  if (bySubscription) return bySubscription.accountId;
  const [byCustomer] = await tx
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerId, state.customerId))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return byCustomer?.accountId ?? null;
}

/** The downgrade waiting for the period end, while Stripe still has it waiting. */
function scheduledChangeAfter(current: Subscription | null, state: StripeSubscriptionState) {
  const none = { scheduledPlanId: null, scheduledChangeAt: null };
  if (!current?.scheduledPlanId || current.providerSubscriptionId !== state.subscriptionId) {
    return none;
  }
  if (state.planId === current.scheduledPlanId || state.status === 'canceled') return none;
  const isWaiting =
    current.scheduledPlanId === 'free' ? state.cancelAtPeriodEnd : state.hasSchedule;
  return isWaiting
    ? { scheduledPlanId: current.scheduledPlanId, scheduledChangeAt: current.scheduledChangeAt }
    : none;
}

async function applySubscriptionState(
  db: Database,
  event: Stripe.Event,
  state: StripeSubscriptionState,
): Promise<StripeEventOutcome> {
  const eventCreated = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const accountId = await resolveAccount(tx, state);
    if (!(await recordEvent(tx, event, accountId))) return { kind: 'replay' };
    if (!accountId) return { kind: 'ignored', reason: 'no account' };
    const { planId } = state;
    if (!planId) return { kind: 'ignored', reason: 'not one of our prices' };
    const [current = null] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, accountId))
      .for('update');
    const now = new Date();
    const isSame = current?.providerSubscriptionId === state.subscriptionId;
    if (isSame && current?.providerUpdatedAt && eventCreated < current.providerUpdatedAt) {
      return { kind: 'ignored', reason: 'older than the state stored' };
    }
    // The end of an older subscription must not take the rights of the one in force.
    const incomingGrants = grantsRights(
      { planId, status: state.status, endsAt: state.endsAt },
      now,
    );
    if (current && !isSame && grantsRights(current, now) && !incomingGrants) {
      return { kind: 'ignored', reason: 'another subscription is in force' };
    }
    const values = {
      planId,
      status: state.status,
      provider: 'stripe' as const,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      endsAt: state.endsAt,
      ...scheduledChangeAfter(current, state),
      couponCode: state.couponCode ?? (isSame ? (current?.couponCode ?? null) : null),
      providerCustomerId: state.customerId,
      providerSubscriptionId: state.subscriptionId,
      providerUpdatedAt: eventCreated,
    };
    await tx
      .insert(subscriptions)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: values });
    return { kind: 'applied', accountId };
  });
}

/** invoice.paid brings a past_due subscription back to active; invoice.payment_failed the reverse. */
async function applyInvoiceEvent(
  db: Database,
  event: Stripe.Event,
  subscriptionId: string | null,
): Promise<StripeEventOutcome> {
  const eventCreated = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const [row] = subscriptionId
      ? await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
          .limit(1)
          .for('update')
      : [];
    if (!(await recordEvent(tx, event, row?.accountId ?? null))) return { kind: 'replay' };
    if (!row) return { kind: 'ignored', reason: 'no subscription of ours' };
    if (row.providerUpdatedAt && eventCreated < row.providerUpdatedAt) {
      return { kind: 'ignored', reason: 'older than the state stored' };
    }
    const status =
      event.type === 'invoice.paid'
        ? row.status === 'past_due'
          ? 'active'
          : row.status
        : row.status === 'active' || row.status === 'trialing'
          ? 'past_due'
          : row.status;
    await tx
      .update(subscriptions)
      .set({ status, providerUpdatedAt: eventCreated })
      .where(eq(subscriptions.accountId, row.accountId));
    return status === row.status
      ? { kind: 'ignored', reason: 'no change' }
      : { kind: 'applied', accountId: row.accountId };
  });
}

/** Records an event this app does not act on, so its replays are recognised too. */
async function recordOnly(db: Database, event: Stripe.Event, reason: string) {
  const isNew = await recordEvent(db, event, null);
  return isNew ? ({ kind: 'ignored', reason } as const) : ({ kind: 'replay' } as const);
}

export type ApplyStripeEventDeps = { db: Database; webhooks: BillingWebhooks };

export async function applyStripeEvent(
  { db, webhooks }: ApplyStripeEventDeps,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  // A replay is answered before anything is fetched from Stripe.
  if (await isRecorded(db, event.id)) return { kind: 'replay' };
  const eventCreated = new Date(event.created * 1000);
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const completion = checkoutCompletionOf(object);
      if (!completion) return recordOnly(db, event, 'not a subscription checkout');
      // The session names the subscription only: its state is read from Stripe as it is now.
      const fetched = await webhooks.retrieveSubscription(completion.subscriptionId);
      const state = subscriptionStateOf(fetched, eventCreated);
      if (!state) return recordOnly(db, event, 'unreadable subscription');
      return applySubscriptionState(db, event, {
        ...state,
        accountIdHint: completion.accountIdHint ?? state.accountIdHint,
        couponCode: state.couponCode ?? completion.couponCode,
      });
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const state = subscriptionStateOf(object, eventCreated);
      if (!state) return recordOnly(db, event, 'unreadable subscription');
      return applySubscriptionState(db, event, state);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return applyInvoiceEvent(db, event, invoiceSubscriptionIdOf(object));
    default:
      return recordOnly(db, event, 'not an event this app acts on');
  }
}
