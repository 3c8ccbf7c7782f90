// POST /api/billing/stripe/webhook: Stripe's events, the only source of plan changes under
// Stripe (checkout.session.completed, customer.subscription.created/updated/deleted,
// invoice.paid, invoice.payment_failed). No session and no CSRF token (http/csrf.ts exempts
// it): the raw body is authenticated by its Stripe-Signature with STRIPE_WEBHOOK_SECRET, and a
// missing or wrong signature is 400 with nothing changed. Answered 200 once the event is
// recorded (replays included); a failure is a 5xx, which Stripe retries.
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { applyStripeEvent } from './stripe-webhook.queries.ts';

export type StripeWebhookDeps = {
  db: Database;
  events: EventBus;
  billing: BillingProvider;
  logger: Logger;
};

/** Mounted at /api/billing/stripe, before the signed-in /api/billing routes (app.ts). */
export function stripeWebhookRoutes({ db, events, billing, logger }: StripeWebhookDeps) {
  return new Hono().post('/webhook', async (c) => {
    const { webhooks } = billing;
    // Without Stripe there is no webhook.
    if (!webhooks) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
    const payload = Buffer.from(await c.req.arrayBuffer());
    const event = webhooks.verify(payload, c.req.header('stripe-signature'));
    const outcome = await applyStripeEvent({ db, webhooks }, event);
    logger.info({ eventId: event.id, type: event.type, outcome: outcome.kind }, 'stripe event');
    if (outcome.kind === 'applied') {
      publishInBackground(events, outcome.accountId, { type: 'subscription.changed' });
    }
    return c.json({ received: true }, 200);
  });
}
