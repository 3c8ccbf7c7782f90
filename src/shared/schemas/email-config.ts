// The account's email settings (/configuracoes, spec accounts §3 "Email config": key and
// value): the sender's name, the reply-to address, a copy to oneself and the wording of the
// payment email to suppliers. The form and PUT /api/email-config share this schema.
import { z } from 'zod';
import { PAYMENT_TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from '#shared/payment-template.ts';
import { emailSchema } from './auth.ts';
import { optionalText } from './text.ts';

export const SENDER_NAME_MAX = 100;
export const PAYMENT_TEMPLATE_MAX = 5000;

export const EMAIL_CONFIG_MESSAGES = {
  senderNameTooLong: `O nome do remetente deve ter no máximo ${SENDER_NAME_MAX} caracteres`,
  senderNameInvalid: 'O nome do remetente não pode conter < > " nem @',
  replyToInvalid: 'Indique um email válido para as respostas',
  bccInvalid: 'Indique se quer receber uma cópia',
  templateTooLong: `O modelo deve ter no máximo ${PAYMENT_TEMPLATE_MAX} caracteres`,
  unknownPlaceholders: (names: readonly string[]) =>
    `${names.length === 1 ? 'Marcador desconhecido' : 'Marcadores desconhecidos'}: ${names.join(', ')}. Pode usar ${PAYMENT_TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
} as const;

/**
 * A display name only: the address stays the app's own. Quotes, angle brackets and @ would let
 * it pose as an address ('"banco@x.pt" <…>') in the supplier's mail client.
 */
const senderNameSchema = optionalText(
  'single-line',
  SENDER_NAME_MAX,
  EMAIL_CONFIG_MESSAGES.senderNameTooLong,
).refine((name) => name === null || !/[<>"@]/.test(name), {
  error: EMAIL_CONFIG_MESSAGES.senderNameInvalid,
});

const replyToSchema = z
  .string({ error: EMAIL_CONFIG_MESSAGES.replyToInvalid })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(emailSchema.nullable());

const paymentTemplateSchema = optionalText(
  'multi-line',
  PAYMENT_TEMPLATE_MAX,
  EMAIL_CONFIG_MESSAGES.templateTooLong,
  EMAIL_CONFIG_MESSAGES.templateTooLong,
).superRefine((template, ctx) => {
  const unknown = template === null ? [] : unknownPlaceholders(template);
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: EMAIL_CONFIG_MESSAGES.unknownPlaceholders(unknown) });
  }
});

/** Null (or blank) means "the default": the account's name, its email, the standard wording. */
export const emailConfigSchema = z.object({
  senderName: senderNameSchema,
  replyTo: replyToSchema,
  bccSelf: z.boolean({ error: EMAIL_CONFIG_MESSAGES.bccInvalid }),
  paymentTemplate: paymentTemplateSchema,
});
export type EmailConfigInput = z.input<typeof emailConfigSchema>;
export type EmailConfig = z.output<typeof emailConfigSchema>;

/** The keys of email_config, one per setting (stored as text, ordered by key). */
export const EMAIL_CONFIG_KEYS = {
  senderName: 'sender_name',
  replyTo: 'reply_to',
  bccSelf: 'bcc_self',
  paymentTemplate: 'payment_template',
} as const satisfies Record<keyof EmailConfig, string>;

/** GET/PUT /api/email-config's answer: the settings and what applies where one is blank. */
export type EmailConfigDto = {
  settings: EmailConfig;
  defaults: {
    /** The account's company name, or the person's full name. */
    senderName: string;
    /** The account's email: replies and the copy go there unless set otherwise. */
    email: string;
  };
};
