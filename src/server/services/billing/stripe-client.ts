// The Stripe client of this installation, and how its failures reach the API: a payment-service
// error is logged (type, code, request id; never the key) and answered 502 with the spec's toast
// for the operation, so no Stripe failure is ever a 500 or leaks Stripe's English text.
import Stripe from 'stripe';
import { AppError } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';

/**
 * Where the API is. Production leaves it to the package (api.stripe.com over https); tests
 * point it at a local stand-in (stripe-stand-in.ts), so no test ever reaches the network.
 */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeClientOptions = { secretKey: string; api?: StripeApiAddress };

export function createStripeClient({ secretKey, api }: StripeClientOptions): Stripe {
  return new Stripe(secretKey, {
    // Idempotency keys are added to retried POSTs, so a retry never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Papelada' },
    ...(api ?? {}),
  });
}

/** Runs a Stripe call; its failure becomes 502 BILLING_PROVIDER_ERROR with `message`. */
export async function stripeCall<T>(
  logger: Logger,
  message: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const details =
      error instanceof Stripe.errors.StripeError
        ? {
            type: error.type,
            code: error.code,
            status: error.statusCode,
            requestId: error.requestId,
          }
        : { err: error };
    logger.warn(details, 'stripe call failed');
    throw new AppError(502, 'BILLING_PROVIDER_ERROR', message);
  }
}
