// /api/newsletter (issue 20 point 5): the landing page's newsletter box. Public — anyone may
// subscribe, signed in or not — and state-changing, so the CSRF check of app.ts applies, except
// to the one-click unsubscribe that mail providers POST themselves (RFC 8058; http/csrf.ts):
// the signed token in its URL is the proof.
//   POST /subscribe   { email }  → 202 { status: 'check_email' } — the same answer whether the
//                      address is new, pending or subscribed already (it gets a notice then),
//                      so the form never tells who is on the list. 10 an hour per address of
//                      the client (429), 3 mails an hour per email address (then none, same answer).
//   POST /confirm     { token }  → { status: 'confirmed' } · 400 NEWSLETTER_LINK_INVALID
//   POST /unsubscribe { token }  → { status: 'unsubscribed' } · 400 NEWSLETTER_LINK_INVALID
//   POST /one-click?token=…      → { status: 'unsubscribed' } (List-Unsubscribe-Post)
import { Hono, type Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import { countAttempt, minutesLeft, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import { hashSecretToken, newSecretToken } from '#server/http/secret-token.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import {
  newsletterAlreadySubscribedEmail,
  newsletterConfirmationEmail,
} from '#server/services/mail/templates/newsletter-emails.ts';
import {
  NEWSLETTER_PATHS,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
} from '#shared/schemas/newsletter.ts';
import { NEWSLETTER_API_MESSAGES as M } from './newsletter.messages.ts';
import { confirmSubscription, requestSubscription, unsubscribe } from './newsletter.queries.ts';
import { subscriberIdOf, unsubscribeToken } from './newsletter-tokens.ts';

export type NewsletterDeps = {
  db: Database;
  /** Its base URL is the origin of the emailed links (APP_URL, or this server's). */
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** SESSION_SECRET: signs the unsubscribe links. */
  secret: string;
  trustProxy?: TrustProxy;
};

const HOUR = 60 * 60_000;
/** Subscriptions asked from one client address: a household or an office, not a script. */
export const NEWSLETTER_IP_RULE: RateLimitRule = { max: 10, windowMs: HOUR, blockMs: HOUR };
/** Mails to one address: the form is no way to flood someone's mailbox. */
export const NEWSLETTER_EMAIL_RULE: RateLimitRule = { max: 3, windowMs: HOUR, blockMs: HOUR };
export const CONFIRMATION_VALID_HOURS = 48;

export function newsletterRoutes({ db, auth, mailer, logger, secret, trustProxy }: NewsletterDeps) {
  const origin = async () => new URL((await auth.$context).baseURL).origin;
  const linkTo = (base: string, path: string, token: string) =>
    `${base}${path}?token=${encodeURIComponent(token)}`;

  async function mailSubscriber(c: Context<{ Variables: RequestIdVariables }>, email: string) {
    const token = newSecretToken();
    const subscriber = await requestSubscription(db, {
      email,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(Date.now() + CONFIRMATION_VALID_HOURS * HOUR),
    });
    const base = await origin();
    const leave = unsubscribeToken(secret, subscriber.id);
    const unsubscribeUrl = linkTo(base, NEWSLETTER_PATHS.unsubscribe, leave);
    const rendered =
      subscriber.status === 'confirmed'
        ? newsletterAlreadySubscribedEmail({ unsubscribeUrl })
        : newsletterConfirmationEmail({
            confirmUrl: linkTo(base, NEWSLETTER_PATHS.confirm, token),
            unsubscribeUrl,
            validHours: CONFIRMATION_VALID_HOURS,
          });
    // The same work either way, and SMTP delivery after the answer: its timing tells nothing.
    const { delivered } = await mailer.queueWithoutAccount({
      to: email,
      type: rendered.template,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: {
        'List-Unsubscribe': `<${linkTo(base, '/api/newsletter/one-click', leave)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    void delivered.then((ok) => {
      if (!ok) logger.warn({ reqId: c.get('requestId') }, 'newsletter email not sent');
    });
  }

  function leave(token: string) {
    const id = subscriberIdOf(secret, token);
    if (!id) throw new AppError(400, 'NEWSLETTER_LINK_INVALID', M.unsubscribeInvalid);
    return unsubscribe(db, { id });
  }

  return new Hono<{ Variables: RequestIdVariables }>()
    .post('/subscribe', validate('json', newsletterSubscribeSchema), async (c) => {
      const ip = await countAttempt(
        db,
        `newsletter:ip:${clientIp(c, trustProxy)}`,
        NEWSLETTER_IP_RULE,
      );
      if (ip.retryAfterMs !== null) {
        throw new AppError(429, 'RATE_LIMITED', M.tooMany(minutesLeft(ip.retryAfterMs)));
      }
      const { email } = c.req.valid('json');
      const perEmail = await countAttempt(db, `newsletter:email:${email}`, NEWSLETTER_EMAIL_RULE);
      if (perEmail.retryAfterMs === null) await mailSubscriber(c, email);
      return c.json({ status: 'check_email' as const }, 202);
    })
    .post('/confirm', validate('json', newsletterTokenSchema), async (c) => {
      const tokenHash = hashSecretToken(c.req.valid('json').token);
      if (!(await confirmSubscription(db, { tokenHash }))) {
        throw new AppError(400, 'NEWSLETTER_LINK_INVALID', M.confirmInvalid);
      }
      return c.json({ status: 'confirmed' as const }, 200);
    })
    .post('/unsubscribe', validate('json', newsletterTokenSchema), async (c) => {
      await leave(c.req.valid('json').token);
      return c.json({ status: 'unsubscribed' as const }, 200);
    })
    .post('/one-click', validate('query', newsletterTokenSchema), async (c) => {
      await leave(c.req.valid('query').token);
      return c.json({ status: 'unsubscribed' as const }, 200);
    });
}
