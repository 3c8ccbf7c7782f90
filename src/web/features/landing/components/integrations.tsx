import { Bell, FileSpreadsheet, FileText, Mail, QrCode } from 'lucide-react';
import { Section } from './section.tsx';

const INTEGRATIONS = [
  {
    icon: FileSpreadsheet,
    title: 'Excel e Google Sheets',
    text: 'Exporte faturas e resumos em XLSX ou CSV e continue o trabalho na sua folha de cálculo ou com o seu contabilista.',
    plan: 'Empresarial',
  },
  {
    icon: QrCode,
    title: 'Código QR da AT',
    text: 'Compatível com o código QR e o ATCUD que todas as faturas certificadas trazem desde 2021.',
    plan: 'Todos os planos',
  },
  {
    icon: FileText,
    title: 'PDF e fotografias',
    text: 'Carregue a fatura que recebeu por e-mail em PDF ou a fotografia da fatura em papel.',
    plan: 'Todos os planos',
  },
  {
    icon: Mail,
    title: 'E-mail',
    text: 'Avise um fornecedor de que a fatura foi paga com um e-mail enviado a partir da Papelada.',
    plan: 'Todos os planos',
  },
  {
    icon: Bell,
    title: 'Notificações',
    text: 'Receba no telemóvel ou no computador um aviso das faturas prestes a vencer.',
    plan: 'Todos os planos',
  },
] as const;

export function Integrations() {
  return (
    <Section
      id="integracoes"
      eyebrow="Integrações"
      title="Liga-se às ferramentas que já usa"
      intro="Os seus dados não ficam presos: entram por QR, PDF ou fotografia e saem para a folha de cálculo."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {INTEGRATIONS.map((item) => (
          <li key={item.title} className="flex gap-4 rounded-2xl border border-slate-200 p-5">
            <item.icon
              className="bg-brand-50 text-brand-700 size-11 shrink-0 rounded-xl p-2.5"
              aria-hidden
            />
            <div>
              <h3 className="font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              <p className="text-brand-800 mt-2 text-xs font-medium">{item.plan}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
