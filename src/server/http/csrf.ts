// State-changing API requests need a same-origin Origin and the X-CSRF-Token header
// (DESIGN.md "Security rules"; spec accounts §7 "Client-side headers": a random
// 32-byte hex value the client keeps in session storage).
import { createMiddleware } from 'hono/factory';
import { AppError, MESSAGES } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_TOKEN = /^[0-9a-f]{64}$/i;
/**
 * Server-to-server calls authenticated by their own signature (no browser, no session): Stripe's
 * webhook, and the newsletter's one-click unsubscribe that mail providers POST (RFC 8058), whose
 * URL carries the subscriber's signed token.
 */
const SIGNED_WEBHOOKS = new Set(['/api/billing/stripe/webhook', '/api/newsletter/one-click']);

export function csrfProtection(options: { allowedOrigins: (requestUrl: URL) => string[] }) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || SIGNED_WEBHOOKS.has(c.req.path)) return next();
    const requestUrl = new URL(c.req.url);
    const origin = c.req.header('origin');
    if (!origin || !options.allowedOrigins(requestUrl).includes(origin)) {
      throw new AppError(403, 'FORBIDDEN_ORIGIN', MESSAGES.forbiddenOrigin);
    }
    if (!CSRF_TOKEN.test(c.req.header('x-csrf-token') ?? '')) {
      throw new AppError(403, 'MISSING_CSRF_TOKEN', MESSAGES.missingCsrf);
    }
    return next();
  });
}
