// Which billing provider this installation runs (DESIGN.md contract 3): Stripe when
// STRIPE_SECRET_KEY is set — and then STRIPE_WEBHOOK_SECRET too, since the webhooks are the only
// way a purchase reaches the account; otherwise the built-in manual provider.
import { EnvError, type Env } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createManualBilling } from './manual-billing.ts';
import { createStripeBilling } from './stripe-billing.ts';
import type { StripeApiAddress } from './stripe-client.ts';

export type BillingConfig = {
  supportEmail?: string;
  stripe?: { secretKey: string; webhookSecret: string };
};

/** Throws EnvError naming the variable when Stripe is half configured. */
export function billingConfigFromEnv(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'SUPPORT_EMAIL'>,
): BillingConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (secretKey && !webhookSecret) {
    throw new EnvError([
      'STRIPE_WEBHOOK_SECRET: obrigatório quando STRIPE_SECRET_KEY está definido (o segredo de assinatura do webhook /api/billing/stripe/webhook, "whsec_…")',
    ]);
  }
  return {
    supportEmail: env.SUPPORT_EMAIL,
    ...(secretKey && webhookSecret ? { stripe: { secretKey, webhookSecret } } : {}),
  };
}

export type CreateBillingOptions = {
  config?: BillingConfig;
  appUrl: string;
  logger: Logger;
  /** Tests only: a local stand-in for the Stripe API. */
  stripeApi?: StripeApiAddress;
};

export function createBillingProvider({
  config = {},
  appUrl,
  logger,
  stripeApi,
}: CreateBillingOptions): BillingProvider {
  if (!config.stripe) return createManualBilling({ supportEmail: config.supportEmail });
  return createStripeBilling({
    ...config.stripe,
    appUrl,
    logger: logger.child({ service: 'billing' }),
    api: stripeApi,
  });
}
