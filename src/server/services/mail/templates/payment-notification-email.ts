// Sent to a supplier when one of its invoices is marked paid (spec invoice-work §4 "Sending a
// payment notification", §7 send-payment-notification): number, total, VAT and the amount
// without VAT, from the account's company or personal name (or its settings' sender name). A
// supplier's own template (template_personalizado), else the account's (/configuracoes),
// replaces the standard wording, with placeholders filled in.
import { formatDateShort, type CalendarDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { fillPaymentTemplate, type PaymentTemplatePlaceholder } from '#shared/payment-template.ts';
import { escapeHtml } from './escape-html.ts';
import { EMAIL_FONT, renderLayout, type RenderedEmail } from './layout.ts';

export type PaymentNotificationEmailInput = {
  supplierName: string;
  /** The account's company name for a company, else the person's full name. */
  senderName: string;
  senderNif: string | null;
  invoiceNumber: string;
  totalCents: number;
  vatCents: number;
  paidOn: CalendarDate;
  /** The supplier's (or else the account's) own wording; null or blank for the standard one. */
  customTemplate: string | null;
  /** Set for the account's own copy (enviar_copia): whom the original went to. */
  copyOf?: { supplierEmail: string };
};

// The placeholders and their filling are shared with the settings form's preview.
type Placeholder = PaymentTemplatePlaceholder;
const fillPlaceholders = fillPaymentTemplate;

function valuesOf(input: PaymentNotificationEmailInput): Record<Placeholder, string> {
  return {
    fornecedor: input.supplierName,
    empresa: input.senderName,
    numero: input.invoiceNumber,
    total: formatCents(input.totalCents),
    iva: formatCents(input.vatCents),
    valor_sem_iva: formatCents(input.totalCents - input.vatCents),
    data: formatDateShort(input.paidOn),
  };
}

function detailRows(input: PaymentNotificationEmailInput, values: Record<Placeholder, string>) {
  const payer = input.senderNif ? `${input.senderName} (NIF ${input.senderNif})` : input.senderName;
  return [
    ['Fatura n.º', values.numero],
    ['Total', values.total],
    ['IVA', values.iva],
    ['Valor sem IVA', values.valor_sem_iva],
    ['Data do pagamento', values.data],
    ['Pago por', payer],
  ] as const;
}

function detailsTableHtml(rows: ReadonlyArray<readonly [string, string]>): string {
  const cell = `${EMAIL_FONT};font-size:15px;line-height:22px;padding:6px 0;border-bottom:1px solid #e5e7eb`;
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell};color:#6b7280">${escapeHtml(label)}</td><td align="right" style="${cell};color:#111827;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${body}
</table>
`;
}

function closingHtml(lines: readonly string[]): string {
  const style = `margin:0 0 16px;${EMAIL_FONT};font-size:16px;line-height:24px;color:#1f2937`;
  return `<p style="${style}">${lines.map(escapeHtml).join('<br>')}</p>\n`;
}

/** Blank lines separate paragraphs; a single line break stays a line break. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function paymentNotificationEmail(input: PaymentNotificationEmailInput): RenderedEmail {
  const values = valuesOf(input);
  const custom = input.customTemplate?.trim() ? input.customTemplate : null;
  const subject = `Pagamento da fatura ${input.invoiceNumber} — ${input.senderName}`;
  const rows = detailRows(input, values);
  const copyNote = input.copyOf
    ? `Cópia do email enviado a ${input.supplierName} (${input.copyOf.supplierEmail}).`
    : null;

  // The standard wording shows the details as a table; a supplier's template is its own body.
  const paragraphs = custom
    ? paragraphsOf(fillPlaceholders(custom, values))
    : [
        `Olá ${input.supplierName},`,
        `Informamos que a fatura n.º ${values.numero} foi paga a ${values.data}.`,
      ];
  const closing = custom ? [] : ['Com os melhores cumprimentos,', input.senderName];
  const text = [
    ...(copyNote ? [copyNote, ''] : []),
    ...paragraphs.flatMap((p) => [p, '']),
    ...(custom ? [] : [...rows.map(([label, value]) => `${label}: ${value}`), '']),
    ...closing,
  ]
    .join('\n')
    .trimEnd();

  const html = renderLayout({
    title: subject,
    paragraphsHtml: [
      ...(copyNote ? [escapeHtml(copyNote)] : []),
      // Escaped first, then the (escaped) values go in: nothing typed becomes markup.
      ...(custom
        ? paragraphsOf(custom).map((p) =>
            fillPlaceholders(escapeHtml(p), values, escapeHtml).replace(/\n/g, '<br>'),
          )
        : paragraphs.map(escapeHtml)),
    ],
    detailsHtml: custom ? undefined : detailsTableHtml(rows) + closingHtml(closing),
    footnoteHtml: [],
    footer: `Este email foi enviado por ${input.senderName} através do Papelada.`,
  });
  return {
    template: custom ? 'payment-notification-custom' : 'payment-notification',
    subject: input.copyOf ? `Cópia: ${subject}` : subject,
    text,
    html,
  };
}
