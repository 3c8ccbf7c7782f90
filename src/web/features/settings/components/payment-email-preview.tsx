import {
  fillPaymentTemplate,
  PAYMENT_TEMPLATE_EXAMPLE,
  type PaymentTemplatePlaceholder,
} from '#shared/payment-template.ts';
import { EMAIL_SETTINGS_MESSAGES as M } from '../messages.ts';

/** Blank lines separate paragraphs, as in the email itself (payment-notification-email.ts). */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

type PaymentEmailPreviewProps = { template: string; senderName: string };

/**
 * The payment email as a supplier would read it, for an example invoice: the account's wording
 * with the placeholders filled in by the shared rules the server applies, or the standard text.
 */
export function PaymentEmailPreview({ template, senderName }: PaymentEmailPreviewProps) {
  const values: Record<PaymentTemplatePlaceholder, string> = {
    ...PAYMENT_TEMPLATE_EXAMPLE,
    empresa: senderName,
  };
  const custom = paragraphsOf(template).map((p) => fillPaymentTemplate(p, values));
  const paragraphs =
    custom.length > 0
      ? custom
      : [
          `Olá ${values.fornecedor},`,
          `Informamos que a fatura n.º ${values.numero} foi paga a ${values.data}.`,
        ];
  const details: [string, string][] = [
    ['Fatura n.º', values.numero],
    ['Total', values.total],
    ['IVA', values.iva],
    ['Valor sem IVA', values.valor_sem_iva],
    ['Data do pagamento', values.data],
  ];
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-labelledby="pre-visualizacao-email">
      <figcaption id="pre-visualizacao-email" className="text-sm font-medium text-slate-800">
        {M.previewTitle}
        <span className="ml-2 text-xs font-normal text-slate-500">{M.previewNote}</span>
      </figcaption>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <p className="border-b border-slate-200 pb-2 text-xs text-slate-600">
          <span className="font-semibold">{M.previewSubject}:</span> Pagamento da fatura{' '}
          {values.numero} — {senderName}
        </p>
        <div className="mt-3 flex flex-col gap-3 break-words">
          {paragraphs.map((p, index) => (
            <p key={index} className="whitespace-pre-line">
              {p}
            </p>
          ))}
          {custom.length === 0 ? (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
                {details.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="text-right font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="whitespace-pre-line">{`Com os melhores cumprimentos,\n${senderName}`}</p>
            </>
          ) : null}
        </div>
      </div>
      {custom.length === 0 ? <p className="text-xs text-slate-500">{M.previewStandard}</p> : null}
    </figure>
  );
}
