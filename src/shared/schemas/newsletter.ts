// The landing page's newsletter (issue 20 point 5): subscribing by email, confirming by the
// emailed link (double opt-in) and leaving by the link every message carries.
import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const NEWSLETTER_MESSAGES = {
  invalidLink: 'Este link não é válido. Copie-o completo do email, ou subscreva de novo.',
} as const;

export const newsletterSubscribeSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

/** The tokens of the emailed links: base64url with a dot at most, and never huge. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.invalidLink })
    .trim()
    .min(16, NEWSLETTER_MESSAGES.invalidLink)
    .max(200, NEWSLETTER_MESSAGES.invalidLink)
    .regex(/^[A-Za-z0-9_.-]+$/, NEWSLETTER_MESSAGES.invalidLink),
});
export type NewsletterTokenInput = z.input<typeof newsletterTokenSchema>;

/** Where the emailed links land (the web's public pages), with the token as `?token=`. */
export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirmar',
  unsubscribe: '/newsletter/cancelar',
} as const;
