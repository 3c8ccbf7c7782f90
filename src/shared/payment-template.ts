// The wording of the payment email to a supplier, written by the account (/configuracoes) or
// for one supplier (its form): placeholders in braces, filled in when the email is sent
// (src/server/services/mail/templates/payment-notification-email.ts). Pure, so the settings
// form checks and previews a template with the very rules the server applies.
import { formatCents } from './money.ts';

/** The placeholders a template may use, as the forms explain them. */
export const PAYMENT_TEMPLATE_PLACEHOLDERS = [
  'fornecedor',
  'empresa',
  'numero',
  'total',
  'iva',
  'valor_sem_iva',
  'data',
] as const;
export type PaymentTemplatePlaceholder = (typeof PAYMENT_TEMPLATE_PLACEHOLDERS)[number];

/** What each placeholder becomes, in the forms' help (pt-PT). */
export const PAYMENT_TEMPLATE_PLACEHOLDER_LABELS: Record<PaymentTemplatePlaceholder, string> = {
  fornecedor: 'nome do fornecedor',
  empresa: 'nome do remetente',
  numero: 'número da fatura',
  total: 'total da fatura',
  iva: 'IVA da fatura',
  valor_sem_iva: 'valor sem IVA',
  data: 'data do pagamento',
};

/** Example values for a preview: an invoice of 123,00 € with 23,00 € of VAT. */
export const PAYMENT_TEMPLATE_EXAMPLE: Record<PaymentTemplatePlaceholder, string> = {
  fornecedor: 'Padaria Central, Lda',
  empresa: 'A sua empresa',
  numero: 'FT 2026/123',
  total: formatCents(12_300),
  iva: formatCents(2_300),
  valor_sem_iva: formatCents(10_000),
  data: '15/03/2026',
};

const KNOWN = new RegExp(`\\{(${PAYMENT_TEMPLATE_PLACEHOLDERS.join('|')})\\}`, 'g');
/** Anything in braces that looks meant as a placeholder: a word, with no spaces. */
const ANY_PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

const isPlaceholder = (name: string): name is PaymentTemplatePlaceholder =>
  (PAYMENT_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** The braces in `text` that name no placeholder ('{valor}', '{Numero}'), each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name = ''] of text.matchAll(ANY_PLACEHOLDER)) {
    if (!isPlaceholder(name)) unknown.add(`{${name}}`);
  }
  return [...unknown];
}

/**
 * The text with each placeholder replaced by its value, in one pass (a value that itself
 * looks like a placeholder stays as it is); `encode` escapes each value (HTML).
 */
export function fillPaymentTemplate(
  text: string,
  values: Record<PaymentTemplatePlaceholder, string>,
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(KNOWN, (_match, name: PaymentTemplatePlaceholder) => encode(values[name]));
}
