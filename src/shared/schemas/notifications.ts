// Web Push subscriptions and reminder preferences (issue 20 points 3 and 4): what the browser
// sends when someone says yes to notifications, and the 'Lembretes' form of /configuracoes.
import { z } from 'zod';
import { TIME_OF_DAY_PATTERN } from '#shared/reminders.ts';

export const NOTIFICATION_MESSAGES = {
  endpoint: 'O endereço de notificações do navegador não é válido.',
  endpointHttps: 'O endereço de notificações tem de usar https.',
  keys: 'As chaves de notificação do navegador não são válidas.',
  timeOfDay: 'Indique uma hora no formato HH:MM.',
  quietHoursSame: 'O início e o fim das horas de silêncio não podem ser iguais.',
  channel: 'Escolha ligado ou desligado.',
} as const;

/** Base64url, as PushSubscription.toJSON() gives the keys (padding tolerated and dropped). */
const base64url = (length: number) =>
  z
    .string({ error: NOTIFICATION_MESSAGES.keys })
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => value.length === length && /^[A-Za-z0-9_-]+$/.test(value), {
      error: NOTIFICATION_MESSAGES.keys,
    });

/** A push service's address: https only, no credentials, no fragment; a sane length. */
const endpointSchema = z
  .string({ error: NOTIFICATION_MESSAGES.endpoint })
  .max(2048, { error: NOTIFICATION_MESSAGES.endpoint })
  .refine((value) => URL.canParse(value), { error: NOTIFICATION_MESSAGES.endpoint, abort: true })
  .refine((value) => new URL(value).protocol === 'https:', {
    error: NOTIFICATION_MESSAGES.endpointHttps,
    abort: true,
  })
  .refine(
    (value) => {
      const url = new URL(value);
      return url.username === '' && url.password === '' && url.hash === '';
    },
    { error: NOTIFICATION_MESSAGES.endpoint },
  );

/**
 * PushSubscription.toJSON(): the endpoint, the browser's P-256 public key (65 bytes, 87
 * base64url characters) and its 16-byte auth secret (22 characters).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url(87), auth: base64url(22) },
    { error: NOTIFICATION_MESSAGES.keys },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

const channelsSchema = z
  .object({
    push: z.boolean({ error: NOTIFICATION_MESSAGES.channel }),
    email: z.boolean({ error: NOTIFICATION_MESSAGES.channel }),
  })
  .strict();

const timeOfDaySchema = z
  .string({ error: NOTIFICATION_MESSAGES.timeOfDay })
  .regex(TIME_OF_DAY_PATTERN, { error: NOTIFICATION_MESSAGES.timeOfDay });

export const reminderPreferencesSchema = z
  .object({
    invoiceDueSoon: channelsSchema,
    invoiceOverdue: channelsSchema,
    supplierLimit: channelsSchema,
    weeklyDigest: z.object({ email: z.boolean({ error: NOTIFICATION_MESSAGES.channel }) }).strict(),
    quietHours: z
      .object({
        enabled: z.boolean({ error: NOTIFICATION_MESSAGES.channel }),
        start: timeOfDaySchema,
        end: timeOfDaySchema,
      })
      .strict()
      .refine((quiet) => !quiet.enabled || quiet.start !== quiet.end, {
        error: NOTIFICATION_MESSAGES.quietHoursSame,
        path: ['end'],
      }),
  })
  .strict();
export type ReminderPreferencesInput = z.input<typeof reminderPreferencesSchema>;
